import { memberRoutes } from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import { contractRoutes } from '#platform/http.ts';
import type { Services } from '#app/services.ts';
import { adminServices } from '#app/admin-services.ts';

/**
 * The member call 'become team leader' (mounted in the member API): opens an admin account
 * linked to the signed-in player, or reopens it, and returns an admin token so the member app
 * can open the admin panel straight away.
 */
export function leaderRoutes(s: Services) {
  const admin = adminServices(s);
  return contractRoutes(
    memberRoutes,
    {
      'checkState/setting/becomeLeader': async (_, { member }) => {
        const user = await s.users.require(member!.userId);
        const record = await admin.accounts.upsertLeader(user);
        if (!record.isAdmin) throw new DomainError('FORBIDDEN');
        return admin.issueToken(record);
      },
    },
    s.http,
  );
}
