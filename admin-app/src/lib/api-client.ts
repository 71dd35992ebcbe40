import { adminRoutes, type RequestOf, type ResponseOf, type RouteContract } from '@shuttle/shared';
import { type CallOptions, callContract, createApiClient } from '@shuttle/shared/web/api-client.ts';
import { env } from '@/config/env';
import { clearLogin, currentToken } from './auth';

/** The one way the app talks to the admin API; `admin` calls carry the admin token, and any 401 logs the admin out. */
export const apiCall = createApiClient({
  routes: adminRoutes,
  auth: 'admin',
  base: () => env.adminApiBase,
  token: currentToken,
  clearLogin,
  noToken: 'NO_ADMIN_TOKEN',
});

/**
 * A call to the member API with the member app's token (same origin, shared localStorage).
 * Only 'become team leader' needs it; a 401 there says nothing about the admin login.
 */
export function memberApiCall<C extends RouteContract>(
  path: string,
  contract: C,
  memberToken: string,
  input: RequestOf<C>,
  options: CallOptions = {},
): Promise<ResponseOf<C>> {
  return callContract(
    contract,
    () => `${env.memberApiBase}/${path}`,
    input,
    options,
    () => ({ token: memberToken }),
  );
}
