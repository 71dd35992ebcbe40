import { createHmac, randomBytes } from 'node:crypto';
import type { RotationItem } from './repository.ts';

/**
 * Players' ids on one board (docs/ON-COURT.md, "Who sees what"; docs/PRIVACY.md): players,
 * helpers and the venue screen never see a user id, only `p_` + the first 22 base64url
 * characters (132 bits) of HMAC-SHA256(board key, userId). The board key is 32 random bytes
 * made with the board and kept on its item, never answered: so an id is the same all evening
 * on that board, differs on every other board, and cannot be turned back into a user id (nor
 * checked against a guessed one) without the key. Only the team's admins see user ids.
 *
 * Helper calls name players by board id; `userIdOf` turns one back for the rule engine (and
 * for a reference check before a handler runs). Both directions need only the board item.
 */

/** A new board's key. */
export const newBoardKey = () => randomBytes(32).toString('base64url');

/**
 * The key of a board. A board opened before keys existed uses its first screen token (a secret
 * too); its next write keeps that value as `boardKey` (RotationService.change), so a later new
 * screen token never changes the ids.
 */
export const boardKeyOf = (item: Pick<RotationItem, 'boardKey' | 'screenToken'>): string =>
  item.boardKey ?? item.screenToken;

/** The board id of `userId` under `key`. */
export const playerIdFor = (key: string, userId: string): string =>
  `p_${createHmac('sha256', key).update(userId).digest('base64url').slice(0, 22)}`;

export interface BoardIds {
  /** The board id of a user id (any user id: a helper not on the board has one too). */
  playerId: (userId: string) => string;
  /** The user id behind a board id: a player of the board or its helper; null for any other id. */
  userId: (playerId: string) => string | null;
}

/** Both directions for one board; each HMAC is computed once per call of this function. */
export function boardIds(item: Pick<RotationItem, 'boardKey' | 'screenToken' | 'state' | 'helperUserId'>): BoardIds {
  const key = boardKeyOf(item);
  const forward = new Map<string, string>();
  const playerId = (userId: string) => {
    let found = forward.get(userId);
    if (found === undefined) {
      found = playerIdFor(key, userId);
      forward.set(userId, found);
    }
    return found;
  };
  let reverse: Map<string, string> | null = null;
  const userId = (id: string) => {
    if (!reverse) {
      const known = item.state.players.map((p) => p.userId);
      if (item.helperUserId) known.push(item.helperUserId);
      reverse = new Map(known.map((u) => [playerId(u), u]));
    }
    return reverse.get(id) ?? null;
  };
  return { playerId, userId };
}

/** The user id behind a board id of `item` (a player on it or its helper), else null. */
export const userIdOf = (item: Parameters<typeof boardIds>[0], playerId: string): string | null =>
  boardIds(item).userId(playerId);

/** The board id of `userId` on `item`. */
export const playerIdOf = (item: Pick<RotationItem, 'boardKey' | 'screenToken'>, userId: string): string =>
  playerIdFor(boardKeyOf(item), userId);
