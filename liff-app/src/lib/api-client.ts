import type { MemberRoutes } from '@shuttle/shared';
import { ApiError } from '@shuttle/shared/web/api-error.ts';
import { createApiTransport } from '@shuttle/shared/web/api-transport.ts';
import { apiBase } from '@/config/config-loader';
import { clearLogin, currentToken } from './auth';
import { sendOrTakeEarly } from './early-requests';
import { afterFirstScreen, idleAfter } from './first-screen-drawn';

/** How long after the first screen an answer read before the contracts waits to be checked, at most. */
const CHECK_AFTER_MS = 8000;

/** The refusal of a member call without a token: `ERRORS.NO_TOKEN`. */
export const NO_TOKEN = { code: 'NO_TOKEN', status: 401, message: 'No token found' } as const;

/**
 * The one way the app talks to the member API; `member` calls carry the player's token. The
 * contracts (the route table, zod) come in a chunk of their own on the first call, so the first
 * screen goes without them: its session list is a `beforeContracts` call, checked once they
 * have come (docs/PLAYER-EXPERIENCE.md, "Speed").
 */
export const apiCall = createApiTransport<MemberRoutes>({
  contracts: () => import('./api-contracts').then((m) => m.contracts),
  auth: 'member',
  base: () =>
    apiBase().catch((error: unknown) => {
      console.error('Loading app-config.json failed', error);
      throw new ApiError('NETWORK', 'Configuration unavailable', 0);
    }),
  token: currentToken,
  clearLogin,
  // ERRORS.NO_TOKEN (errors.ts, which the first screen goes without; api-client.test.ts compares).
  noToken: NO_TOKEN,
  // The first session list may already be on its way (app/first-screen.ts).
  send: sendOrTakeEarly,
  // The first session list is checked when the contracts come for another call, or once the
  // browser has been idle CHECK_AFTER_MS after the first screen (docs/PLAYER-EXPERIENCE.md, "Speed").
  checkLater: () => afterFirstScreen().then(() => idleAfter(CHECK_AFTER_MS)),
});
