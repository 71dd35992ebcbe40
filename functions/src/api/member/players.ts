import { memberAuthRoutes } from '@shuttle/shared';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { EmailVerification } from '#players/email-verification.ts';
import type { PlayerRepository } from '#players/repository.ts';

export interface PlayerRouteDeps {
  users: PlayerRepository;
  emails: EmailVerification;
  http: ContractAppOptions;
}

export function memberSettingRoutes(s: PlayerRouteDeps) {
  return contractRoutes(
    memberAuthRoutes,
    {
      'checkState/email/emailStatus': (_, { member }) => s.emails.status(member.userId),
      'checkState/email/sendCode': ({ email }, { member }) => s.emails.sendCode(member.userId, email),
      'checkState/email/verifyCode': ({ code }, { member }) => s.emails.verifyCode(member.userId, code),
      'checkState/email/updatePreferences': async (changes, { member }) => {
        await s.users.updatePreferences(member.userId, changes);
        return s.emails.status(member.userId);
      },
    },
    s.http,
  );
}
