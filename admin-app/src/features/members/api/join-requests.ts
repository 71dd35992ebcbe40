import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { memberKeys } from './keys';

/** Players waiting for approval (teams whose join rule is approval; docs/DECISIONS.md). */
const getJoinRequests = () => apiCall('members/getJoinRequests', {});
export const useJoinRequests = () => useQuery(memberKeys.requests, getJoinRequests);

export const approveJoin = (userId: string) => apiCall('members/approveJoin', { userId });
export const rejectJoin = (userId: string) => apiCall('members/rejectJoin', { userId });
