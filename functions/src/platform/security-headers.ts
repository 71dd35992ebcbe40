/**
 * The response headers of both apps, defined once: the stack's CloudFront response headers
 * policy (infra/lib/constructs/web.ts) and the local server (functions/src/local/static.ts) both
 * read them, so the CSP the journeys run under is the one production sends (docs/DEPLOY.md,
 * "Security headers").
 */

/**
 * Where the apps may load from and talk to. Scripts: the apps' own bundles, the Google Identity
 * Services client (admin and member Google sign-in) and LINE's CDN (the LIFF SDK's modules); the
 * one inline handler is the boot screen's reload button (shared/build/vite.ts), allowed by its
 * hash. Styles: the boot screen's inline `<style>` and the Google button's stylesheet. Images:
 * LINE and Google profile pictures. Connections: LIFF calls api.line.me and liff.line.me.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': [
    "'self'",
    'https://static.line-scdn.net',
    'https://accounts.google.com/gsi/client',
    "'unsafe-hashes'",
    // sha256 of `location.reload()`, the boot screen's reload button.
    "'sha256-9gOBGqEQINNDuds+tkXbNzih6klbz+KeCyxEj4KRLeM='",
  ],
  'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
  'img-src': ["'self'", 'data:', 'blob:', 'https://profile.line-scdn.net', 'https://*.googleusercontent.com'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https://api.line.me', 'https://liff.line.me', 'https://accounts.google.com/gsi/'],
  'frame-src': ['https://accounts.google.com/gsi/'],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const contentSecurityPolicy = (): string =>
  Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');

/** HSTS for two years, subdomains included (the member and admin apps share one domain). */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** Every header of an app response, as the browser receives it. */
export function securityHeaders(): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  };
}

/** Cache-Control of hashed build output (`assets/*`): the name changes with the content. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else the apps fetch (`index.html`, `app-config.json`): always revalidated. */
export const NO_CACHE_CONTROL = 'no-cache';

/** `/robots.txt` of the domain: the member app's pages may be indexed, the admin app and the APIs not. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /admin/\nDisallow: /api/\nDisallow: /dev/\n';
