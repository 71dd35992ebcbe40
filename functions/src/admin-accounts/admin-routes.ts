import { ADMIN_LIMITS, adminRoutes } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n';
import { contractRoutes } from '#platform/http.ts';
import type { AdminServices } from '#app/admin-services.ts';
import { toAdminProfile } from './repository.ts';

export function accountRoutes(s: AdminServices) {
  const profile = async (adminId: string) => toAdminProfile(await s.accounts.require(adminId));

  return contractRoutes(
    adminRoutes,
    {
      signup: async (input) => s.issueToken(await s.accounts.signup(input)),
      login: async ({ email, password }) => s.issueToken(await s.accounts.login(email, password)),
      'check-auth': (_, { admin }) => profile(admin!.adminId),
      checkAuth: (_, { admin }) => profile(admin!.adminId),

      'password/requestReset': async ({ email, language }) => {
        const started = await s.accounts.startReset(email);
        if (started) {
          const lng = started.record.language ?? language ?? null;
          const link = `${s.appBaseUrl}/admin/reset_password?email=${encodeURIComponent(email)}&token=${started.token}`;
          const vars = { code: started.code, link, minutes: ADMIN_LIMITS.resetCodeMinutes };
          try {
            await s.mailer.send({
              to: email,
              subject: translate(lng, 'accounts', 'passwordReset.subject', vars),
              text: translate(lng, 'accounts', 'passwordReset.body', vars),
            });
          } catch (error) {
            // Same answer as for unknown emails; the code is dropped so a new one can be asked for at once.
            console.error('Password reset email failed', error instanceof Error ? error.message : error);
            await s.accounts.dropReset(started.record.adminId);
          }
        }
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
