import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

export const TEAM_LIST_KEY = 'teams:mine';

/** Teams the admin runs, with role and the current one marked. */
export const getTeamList = () => apiCall('setting/getTeamListByUser', {});

export const useTeamList = (enabled = true) => useQuery(enabled ? TEAM_LIST_KEY : null, getTeamList);
