import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { memberKeys } from './keys';

export interface MemberQuery {
  search: string;
  blocked?: boolean;
  page: number;
  pageSize: number;
}

/** Team members with search, paging and attendance over the last year. */
export const getMembers = (query: MemberQuery) => apiCall('members/getMembers', query);

export const useMembers = (query: MemberQuery) => useQuery(memberKeys.list(query), () => getMembers(query));
