import { adminAccountRoutes } from '@shuttle/shared';
import { type AdminTokenDeps, issueAdminToken } from '#admin-accounts/admin-tokens.ts';
import type { AdminEmailVerification } from '#admin-accounts/email-verification.ts';
import { type PasswordResetDeps, requestPasswordReset } from '#admin-accounts/password-reset.ts';
import { type AdminAccounts, type AdminRecord, toAdminProfile } from '#admin-accounts/repository.ts';
import type { AdminSignIn } from '#admin-accounts/sign-in.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';

export interface AccountRouteDeps extends AdminTokenDeps, PasswordResetDeps {
  accounts: AdminAccounts;
  adminEmails: AdminEmailVerification;
  signIn: AdminSignIn;
  http: ContractAppOptions;
}

export function accountRoutes(s: AccountRouteDeps) {
  const profileOf = async (record: AdminRecord) => toAdminProfile(record, await s.accounts.identity(record));
  const profile = async (adminId: string) => profileOf(await s.accounts.require(adminId));

  return contractRoutes(
    adminAccountRoutes,
    {
      signup: async (input) => {
        const record = await s.accounts.signup(input);
        await s.adminEmails.sendAfterSignup(record, input.language);
        return issueAdminToken(s, record);
      },
      login: async ({ email, password }, { c }) => {
        const address = s.http.clientAddress?.(c) ?? 'unknown';
        return issueAdminToken(s, await s.signIn.login(email, password, address));
      },
      'check-auth': (_, { admin }) => profile(admin.adminId),
      checkAuth: (_, { admin }) => profile(admin.adminId),

      'email/sendCode': async (_, { admin }) => s.adminEmails.send(await s.accounts.require(admin.adminId)),
      'email/verifyCode': async ({ code }, { admin }) => profileOf(await s.adminEmails.verify(admin.adminId, code)),

      'password/requestReset': async ({ email, language }) => {
        await requestPasswordReset(s, email, language);
        return { sent: true as const };
      },
      'password/reset': async ({ email, code, newPassword }) => {
        await s.resets.finish(email, code, newPassword);
        return { reset: true as const };
      },
    },
    s.http,
  );
}
