import type { Store } from '#db/client.ts';
import { adminCodec } from '#db/codecs/admin.ts';
import { userCodec } from '#db/codecs/players.ts';
import { adminKey, key } from '#db/keys.ts';
import { batchGetAll } from '#db/query.ts';
import type { TeamAdminRepository } from './team-admin-repository.ts';

/**
 * Where a team's owners read email: the account's email, or for a leader's account (opened
 * from the member app, no email of its own) its player's verified email. One Query of the
 * team's admin links, one BatchGetItem of the leaders' accounts and one of their players.
 */
export class TeamOwners {
  constructor(
    private readonly store: Store,
    private readonly admins: Pick<TeamAdminRepository, 'adminsOf'>,
  ) {}

  async emails(teamId: string): Promise<string[]> {
    const owners = (await this.admins.adminsOf(teamId)).filter((l) => l.role === 'owner');
    const direct = owners.flatMap((l) => (l.email ? [l.email] : []));
    const leaders = owners.filter((l) => !l.email);
    if (leaders.length === 0) return [...new Set(direct)];
    const accounts = await batchGetAll(
      this.store,
      adminCodec,
      leaders.map((l) => adminKey.admin(l.adminId)),
    );
    const userIds = accounts.flatMap((a) => (a.linkedUserId ? [a.linkedUserId] : []));
    const users = userIds.length
      ? await batchGetAll(
          this.store,
          userCodec,
          userIds.map((id) => key.user(id)),
        )
      : [];
    const viaPlayer = users.flatMap((u) => (u.emailVerified && u.email ? [u.email] : []));
    return [...new Set([...direct, ...viaPlayer])];
  }
}
