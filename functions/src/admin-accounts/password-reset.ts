import { ADMIN_LIMITS, type Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/accounts';
import type { EmailSender } from '#platform/email.ts';
import type { AdminAccounts } from './repository.ts';

export interface PasswordResetDeps {
  accounts: AdminAccounts;
  mailer: EmailSender;
  /** Origin of the admin app, for the link in the email. */
  appBaseUrl: string;
}

/**
 * Emails a reset code and link to the account with this email, in the account's language (or
 * the one the page was shown in). Unknown emails, a request within a minute of the last one
 * and a failed send all look the same to the caller, so the answer never tells which emails
 * have accounts; after a failed send the code is dropped so a new one can be asked for at once.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  email: string,
  language: Language | undefined,
): Promise<void> {
  const started = await deps.accounts.startReset(email);
  if (!started) return;
  const lng = started.record.language ?? language ?? null;
  const link = `${deps.appBaseUrl}/admin/reset_password?email=${encodeURIComponent(email)}&token=${started.token}`;
  const vars = { code: started.code, link, minutes: ADMIN_LIMITS.resetCodeMinutes };
  try {
    await deps.mailer.send({
      to: email,
      subject: translate(lng, 'accounts', 'passwordReset.subject', vars),
      text: translate(lng, 'accounts', 'passwordReset.body', vars),
    });
  } catch (error) {
    console.error('Password reset email failed', error instanceof Error ? error.message : error);
    await deps.accounts.dropReset(started.record.adminId);
  }
}
