import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** Every team's name, to warn before taking a name another team uses. */
export const getTeamNameList = () => apiCall('setting/getTeamNameList', {});

export const useTeamNameList = () => useQuery('teams:names', getTeamNameList);
