/** Where the login page sends the player back to; only same-app paths are accepted. */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next.startsWith('/login') || next.startsWith('/callback')) return fallback;
  return next;
}

export function loginPath(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

export const sessionPath = (sessionId: string) => `/session?id=${encodeURIComponent(sessionId)}`;
