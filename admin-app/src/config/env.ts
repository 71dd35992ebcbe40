/** An absolute path or URL without a trailing slash. */
const API_BASE = /^(https?:\/\/[^/]+)?\/[\w/-]*[^/]$/;

/**
 * A build-time setting, checked once at start: unset takes `fallback`; a value that is not an
 * absolute path or URL without a trailing slash stops the app. Checked by hand, not with zod,
 * which the first screen goes without (docs/PLAYER-EXPERIENCE.md, "Speed").
 */
export function apiBaseSetting(name: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  if (!API_BASE.test(value)) throw new Error(`${name}: an absolute path or URL without a trailing slash`);
  return value;
}

/**
 * Build-time settings. Both APIs sit on the app's own origin (CloudFront routes `/api/admin/*`
 * and `/api/*`, the local server does the same), so the defaults fit every environment; the
 * variables exist for running the app against another host.
 */
export interface Env {
  adminApiBase: string;
  memberApiBase: string;
}

export const env: Env = {
  adminApiBase: apiBaseSetting('VITE_ADMIN_API_BASE', import.meta.env.VITE_ADMIN_API_BASE, '/api/admin'),
  memberApiBase: apiBaseSetting('VITE_MEMBER_API_BASE', import.meta.env.VITE_MEMBER_API_BASE, '/api'),
};
