import type { Store } from '#db/client.ts';
import { randomId } from '#platform/clock.ts';
import { playerOfLogin, recordLineFollow, type UserRecord, userIdFor } from '#players/repository.ts';
import { requestRichMenuLink } from './rich-menu-request.ts';

/**
 * A LINE account as the product knows it: the player who signs in with it, and whether it
 * blocked the official account (docs/LINE.md, "Blocked players"; TABLE.md, "LINE groups").
 */
export class LineFollowers {
  constructor(private readonly store: Store) {}

  /**
   * The player a LINE user id signs in as today: `line_<id>`, or `line_<id>.<n>` after n
   * deletions (docs/PRIVACY.md); null when that LINE account never signed in. One
   * BatchGetItem of the base profile and its deletion count (same partition); one more
   * GetItem only for an account deleted before.
   */
  async playerOf(lineUserId: string): Promise<UserRecord | null> {
    return playerOfLogin(this.store, userIdFor('line', lineUserId));
  }

  /**
   * `unfollow` (blocked) or `follow` (unblocked) at the event's time. An older event than the
   * last one applied changes nothing (LINE may redeliver out of order). False when the LINE
   * account has no player or the event is stale.
   */
  async setBlocked(lineUserId: string, blocked: boolean, at: Date): Promise<boolean> {
    const player = await this.playerOf(lineUserId);
    if (!player) return false;
    if (!(await recordLineFollow(this.store, player.userId, blocked, at.toISOString()))) return false;
    // Following (again): the menu of the player's language, when they chose one (docs/LINE.md, "Rich menus").
    if (!blocked && player.language) {
      await requestRichMenuLink({ store: this.store, ids: randomId }, player.userId, at);
    }
    return true;
  }
}
