import { memberRoutes } from '@shuttle/shared';
import { createApiClient } from '@shuttle/shared/web/api-client.ts';
import { ApiError } from '@shuttle/shared/web/api-error.ts';
import { runtimeConfig } from '@/config/config-loader';
import { clearLogin, currentToken } from './auth';
import { sendOrTakeEarly } from './early-requests';

/** The one way the app talks to the member API; `member` calls carry the player's token. */
export const apiCall = createApiClient({
  routes: memberRoutes,
  auth: 'member',
  base: async () => {
    const config = await runtimeConfig().catch((error: unknown) => {
      console.error('Loading app-config.json failed', error);
      throw new ApiError('NETWORK', 'Configuration unavailable', 0);
    });
    return config.apiBase;
  },
  token: currentToken,
  clearLogin,
  noToken: 'NO_TOKEN',
  // The first session list may already be on its way (app/first-screen.ts).
  send: sendOrTakeEarly,
});
