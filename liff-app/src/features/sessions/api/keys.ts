import type { SessionListQueryInput } from '@shuttle/shared';

const who = (loggedIn: boolean) => (loggedIn ? 'member' : 'visitor');

/** Query-cache keys of browsing sessions; a member and a visitor see different answers. */
export const sessionKeys = {
  all: 'sessions:',
  list: (query: SessionListQueryInput, loggedIn: boolean) => `sessions:list:${who(loggedIn)}:${JSON.stringify(query)}`,
  /** A further page of the list under `listKey`, fetched on its own and appended to the list's entry. */
  listPage: (listKey: string, cursor: string) => `${listKey}:after:${cursor}`,
  detail: (sessionId: string, loggedIn: boolean) => `sessions:detail:${who(loggedIn)}:${sessionId}`,
  players: (sessionId: string, loggedIn: boolean) => `sessions:members:${who(loggedIn)}:${sessionId}`,
  teams: (loggedIn: boolean) => `sessions:teams:${who(loggedIn)}`,
} as const;
