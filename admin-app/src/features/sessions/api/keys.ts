/** Query-cache keys of one session; everything cached about it starts with `all(sessionId)`. */
export const sessionKeys = {
  all: (sessionId: string) => `session:${sessionId}:`,
  detail: (sessionId: string) => `session:${sessionId}:detail`,
  members: (sessionId: string) => `session:${sessionId}:members`,
  books: (sessionId: string) => `session:${sessionId}:books`,
} as const;
