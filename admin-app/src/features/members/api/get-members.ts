import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { type MemberQuery, memberKeys } from './keys';

/** Team members with search, paging and attendance over the last year. */
const getMembers = (query: MemberQuery) => apiCall('members/getMembers', query);

export const useMembers = (query: MemberQuery) => useQuery(memberKeys.list(query), () => getMembers(query));
