import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { historyKeys } from './keys';

/** `GET checkState/static/getTeamName` (member form): every team with `is_in` for the caller. */
const getMyTeams = () => apiCall('checkState/static/getTeamName');

export const useMyTeams = (enabled: boolean) => useQuery(enabled ? historyKeys.teams : null, getMyTeams);
