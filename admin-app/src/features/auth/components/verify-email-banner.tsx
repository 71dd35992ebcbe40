import { VERIFICATION_CODE_LENGTH } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { acceptProfile, useAuth } from '@/lib/auth';
import { sendEmailCode, verifyEmailCode } from '../api/verify-email';

const CODE = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/**
 * Shown until the account's email is verified: sessions stay team-only and inviting is refused
 * until then. A sign-up account enters the code emailed at sign-up; a team leader's account
 * follows its player's email, verified in the player app.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!profile || profile.emailVerified) return null;

  if (profile.linkedMember || !profile.email) {
    return (
      <p className="notice notice--warning" role="status" data-testid="verify-email-banner">
        {t('verifyEmail.linked')}
      </p>
    );
  }

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await withLightLoading(task);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE.test(code)) {
      setError(t('reset.codeIncomplete'));
      return;
    }
    void run(async () => {
      acceptProfile(await verifyEmailCode(code));
      notify({ level: 'success', message: t('verifyEmail.done') });
    });
  };

  const resend = () =>
    run(async () => {
      setError(null);
      setSentTo((await sendEmailCode()).email);
    });

  return (
    <section
      className="notice notice--warning verify-banner"
      aria-label={t('verifyEmail.title')}
      data-testid="verify-email-banner"
    >
      <p>
        <strong>{t('verifyEmail.title')}</strong> {t('verifyEmail.text', { email: profile.email })}
      </p>
      <form className="verify-banner__form" onSubmit={verify} noValidate>
        <Field label={t('verifyEmail.code')} error={error}>
          {(control) => (
            <input
              {...control}
              className="input input--code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              data-testid="verify-email-code"
            />
          )}
        </Field>
        <div className="verify-banner__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('verifyEmail.submit')}
          </button>
          <button type="button" className="link-button" onClick={resend} disabled={busy}>
            {t('verifyEmail.resend')}
          </button>
        </div>
      </form>
      {sentTo && <p role="status">{t('verifyEmail.sent', { email: sentTo })}</p>}
    </section>
  );
}
