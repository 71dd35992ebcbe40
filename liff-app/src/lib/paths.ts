const PROBE_ORIGIN = 'https://app.invalid';

/**
 * Browsers drop tabs and line breaks from URLs and read `\` as `/`, so `/<tab>/evil.example` or
 * `/\evil.example` would leave the app: such characters are refused outright.
 */
const hasUnsafeCharacter = (text: string) =>
  [...text].some((ch) => ch === '\\' || ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * Where the login page sends the player back to: only a relative path of this app, else
 * `fallback` (another origin, a scheme such as `javascript:`, or the login pages themselves).
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || hasUnsafeCharacter(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  if (url.pathname.startsWith('/login') || url.pathname.startsWith('/callback')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function loginPath(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

export const sessionPath = (sessionId: string) => `/session?id=${encodeURIComponent(sessionId)}`;
