import type { TeamNameItem } from '@shuttle/shared';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { sessionKeys } from './keys';

/**
 * Teams for the team filter: the member form (with is_in) when logged in, else the visitor
 * form. A failure is only logged and leaves the list empty: the filter works without it.
 */
async function getTeamNames(loggedIn: boolean): Promise<TeamNameItem[]> {
  try {
    return loggedIn ? await apiCall('checkState/static/getTeamName') : await apiCall('withoutAuth/getTeamName');
  } catch (error) {
    console.error('Loading team names failed', error);
    return [];
  }
}

/** The team list, fetched once `wanted` (the filter panel has been opened), not with the first screen. */
export function useTeamNames(loggedIn: boolean, wanted = true) {
  return useQuery(wanted ? sessionKeys.teams(loggedIn) : null, () => getTeamNames(loggedIn));
}
