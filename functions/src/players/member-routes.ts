import { memberRoutes } from '@shuttle/shared';
import { contractRoutes } from '#platform/http.ts';
import type { Services } from '#app/services.ts';

export function memberSettingRoutes(s: Services) {
  return contractRoutes(
    memberRoutes,
    {
      'checkState/email/emailStatus': (_, { member }) => s.emails.status(member!.userId),
      'checkState/email/sendCode': ({ email }, { member }) => s.emails.sendCode(member!.userId, email),
      'checkState/email/verifyCode': ({ code }, { member }) => s.emails.verifyCode(member!.userId, code),
      'checkState/email/updatePreferences': async (changes, { member }) => {
        const user = await s.users.require(member!.userId);
        await s.users.update(user.userId, { preferences: { ...user.preferences, ...changes } });
        return s.emails.status(user.userId);
      },
    },
    s.http,
  );
}
