import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { teamKeys } from './keys';

/** Teams the admin runs, with role and the current one marked. */
export const getTeamList = () => apiCall('setting/getTeamListByUser', {});

export const useTeamList = (enabled = true) => useQuery(enabled ? teamKeys.mine : null, getTeamList);
