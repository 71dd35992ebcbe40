import type { MemberQuery } from './get-members';

/** Query-cache keys of the members list, one per search, filter and page. */
export const memberKeys = {
  all: 'members:',
  list: (query: MemberQuery) => `members:${JSON.stringify(query)}`,
  requests: 'members:requests',
} as const;
