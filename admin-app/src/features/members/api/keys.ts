/** One search of the members list. */
export interface MemberQuery {
  search: string;
  blocked?: boolean;
  page: number;
  pageSize: number;
}

/** Query-cache keys of the members list, one per search, filter and page. */
export const memberKeys = {
  all: 'members:',
  list: (query: MemberQuery) => `members:${JSON.stringify(query)}`,
  requests: 'members:requests',
} as const;
