import { sameOriginPath } from '@shuttle/shared/web/same-origin-path.ts';

/**
 * Where the login page sends the player back to: only a relative path of this app, else
 * `fallback` (another origin, a scheme such as `javascript:`, `/.//evil.example`, or the login
 * pages themselves).
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  const url = sameOriginPath(next);
  if (!url) return fallback;
  if (url.pathname.startsWith('/login') || url.pathname.startsWith('/callback')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
export function loginPath(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

export const sessionPath = (sessionId: string) => `/session?id=${encodeURIComponent(sessionId)}`;
