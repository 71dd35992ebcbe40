import { adminRoutes } from '@shuttle/shared';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import { type AdminTokenDeps, issueAdminToken } from './admin-tokens.ts';
import { type PasswordResetDeps, requestPasswordReset } from './password-reset.ts';
import { toAdminProfile } from './repository.ts';

export interface AccountRouteDeps extends AdminTokenDeps, PasswordResetDeps {
  http: ContractAppOptions;
}

export function accountRoutes(s: AccountRouteDeps) {
  const profile = async (adminId: string) => toAdminProfile(await s.accounts.require(adminId));

  return contractRoutes(
    adminRoutes,
    {
      signup: async (input) => issueAdminToken(s, await s.accounts.signup(input)),
      login: async ({ email, password }) => issueAdminToken(s, await s.accounts.login(email, password)),
      'check-auth': (_, { admin }) => profile(admin.adminId),
      checkAuth: (_, { admin }) => profile(admin.adminId),

      'password/requestReset': async ({ email, language }) => {
        await requestPasswordReset(s, email, language);
        return { sent: true as const };
      },
      'password/reset': async ({ email, code, newPassword }) => {
        await s.accounts.finishReset(email, code, newPassword);
        return { reset: true as const };
      },
    },
    s.http,
  );
}
