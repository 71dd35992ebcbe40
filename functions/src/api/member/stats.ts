import { memberRoutes } from '@shuttle/shared';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { MyStatsService } from '#rotation/my-stats.ts';

export interface StatsMemberRouteDeps {
  myStats: MyStatsService;
  http: ContractAppOptions;
}

/**
 * A player's own games and rating, the ratings switch and the suggested level (docs/ON-COURT.md,
 * "Players see their own"). Every answer is about the caller only; partners by name.
 */
export function statsMemberRoutes(s: StatsMemberRouteDeps) {
  return contractRoutes(
    memberRoutes,
    {
      // `sessionId` (optional) is an `ownBooking`: checked before this runs.
      'checkState/stats/get': async ({ sessionId }, { member }) => s.myStats.get(member.userId, sessionId),
      'checkState/setting/ratings': async ({ on }, { member }) => s.myStats.setOn(member.userId, on),
      'checkState/stats/acceptSuggestedLevel': async (_, { member }) => s.myStats.acceptSuggested(member.userId),
    },
    s.http,
  );
}
