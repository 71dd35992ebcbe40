const PROBE_ORIGIN = 'https://app.invalid';

/**
 * Browsers drop tabs and line breaks from URLs and read `\` as `/`, so `/<tab>/evil.example` or
 * `/\evil.example` would leave the app: such characters are refused outright, and so are their
 * percent-encoded forms, encoded slashes and encoded percents (`/%2F%2Fevil.example`), which a
 * later decode (a router, a redirect) turns into `//evil.example`.
 */
const hasUnsafeCharacter = (text: string) =>
  [...text].some((ch) => ch === '\\' || ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f) ||
  /%(?:2f|5c|25|[01][0-9a-f]|7f)/i.test(text);

/**
 * `next` as a path of this origin (pathname, search and hash, dot segments resolved), or null
 * when it is anything else: another origin, a scheme such as `javascript:`, or a path that
 * resolves to `//host` (`/.//evil.example`), which a link reads as another origin.
 */
export function sameOriginPath(next: string | null | undefined): URL | null {
  if (!next?.startsWith('/') || next.startsWith('//') || hasUnsafeCharacter(next)) return null;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
  return url;
}
