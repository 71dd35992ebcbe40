import { z } from 'zod';

/**
 * Build-time settings, checked once at start. Both APIs sit on the app's own origin (CloudFront
 * routes `/api/admin/*` and `/api/*`, the local server does the same), so the defaults fit
 * every environment; the variables exist for running the app against another host.
 */
const envSchema = z.object({
  adminApiBase: z
    .string()
    .regex(/^(https?:\/\/[^/]+)?\/[\w/-]*[^/]$/, 'an absolute path or URL without a trailing slash')
    .default('/api/admin'),
  memberApiBase: z
    .string()
    .regex(/^(https?:\/\/[^/]+)?\/[\w/-]*[^/]$/, 'an absolute path or URL without a trailing slash')
    .default('/api'),
});
export type Env = z.infer<typeof envSchema>;

export const env: Env = envSchema.parse({
  adminApiBase: import.meta.env.VITE_ADMIN_API_BASE || undefined,
  memberApiBase: import.meta.env.VITE_MEMBER_API_BASE || undefined,
});
