import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { teamKeys } from './keys';

/** Every team's name, to warn before taking a name another team uses. */
const getTeamNameList = () => apiCall('setting/getTeamNameList', {});

export const useTeamNameList = () => useQuery(teamKeys.names, getTeamNameList);
