/** Query-cache keys of check-in: a day's session list, and a session's players under the session's own prefix. */
export const checkinKeys = {
  days: 'signlist',
  day: (date: string | null) => `signlist:${date ?? 'today'}`,
  players: (sessionId: string) => `session:${sessionId}:signed`,
} as const;
