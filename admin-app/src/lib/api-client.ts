import type { AdminRoutes } from '@shuttle/shared';
import { createApiTransport } from '@shuttle/shared/web/api-transport.ts';
import { env } from '@/config/env';
import { clearLogin, currentToken } from './auth';
import { idleAfter } from './idle';

/**
 * How long after the start the answers read before the contracts (`beforeContracts`, the first
 * screen's calls: lib/first-calls.ts) wait to be checked, at most: sooner when another call
 * loads the contracts.
 */
const CHECK_AFTER_MS = 8000;

/** The refusal of an admin call without a token: `ERRORS.NO_ADMIN_TOKEN`. */
export const NO_ADMIN_TOKEN = { code: 'NO_ADMIN_TOKEN', status: 401, message: 'No admin token found' } as const;

/**
 * The one way the app talks to the admin API; `admin` calls carry the admin token, and any 401
 * logs the admin out. The contracts (the route table, zod) come in a chunk of their own on the
 * first call, so the first screen goes without them; the login check and the first screens'
 * calls do not even wait for them (lib/first-calls.ts): they are checked once the contracts have
 * come (docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
 */
export const apiCall = createApiTransport<AdminRoutes>({
  contracts: () => import('./api-contracts').then((m) => m.contracts),
  auth: 'admin',
  base: () => env.adminApiBase,
  token: currentToken,
  clearLogin,
  // ERRORS.NO_ADMIN_TOKEN (errors.ts, which the first screen goes without; api-client.test.ts compares).
  noToken: NO_ADMIN_TOKEN,
  checkLater: () => idleAfter(CHECK_AFTER_MS),
});
