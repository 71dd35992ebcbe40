import { ADMIN_LIMITS, RESET_CODE_LENGTH } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { isLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { SuccessIcon } from '@shuttle/shared/web/icons.tsx';
import { withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { Field, FormError } from '@/components/field';
import { emailProblem, passwordProblem } from '@/lib/validation';
import { requestReset } from '../api/request-reset';
import { resetPassword } from '../api/reset-password';
import { EmailField, NewPasswordFields } from './auth-fields';

type Step = 'email' | 'code' | 'done';
type Errors = Partial<Record<'email' | 'code' | 'password' | 'confirm' | 'form', string>>;

/**
 * /admin/reset_password: ask for a code by email, then set a new password with it. The link in
 * the email (?email=…&token=…) skips straight to the new password.
 */
export function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const linkToken = params.get('token');
  const [step, setStep] = useState<Step>(linkToken ? 'code' : 'email');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const emailKey = emailProblem(email);
    setErrors({ email: emailKey ? t(emailKey) : undefined });
    if (emailKey) return;
    setBusy(true);
    try {
      await withLightLoading(() => requestReset(email.trim(), isLanguage(i18n.language) ? i18n.language : 'zh-TW'));
      setSent(true);
      setStep('code');
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    const passwordKey = passwordProblem(password);
    const next: Errors = {
      email: emailProblem(email) ? t(emailProblem(email)!) : undefined,
      code: linkToken || new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(code) ? undefined : t('reset.codeIncomplete'),
      password: passwordKey
        ? t(passwordKey, { min: ADMIN_LIMITS.passwordMin, max: ADMIN_LIMITS.passwordMax })
        : undefined,
      confirm: confirm === password ? undefined : t('auth.errors.passwordMismatch'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await withLightLoading(() =>
        resetPassword({ email: email.trim(), code: linkToken ?? code, newPassword: password }),
      );
      setStep('done');
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('reset.title')}>
      {step === 'email' && (
        <form className="form" onSubmit={send} noValidate>
          <p className="auth-card__intro">{t('reset.intro')}</p>
          <EmailField value={email} onChange={setEmail} error={errors.email} />
          <FormError message={errors.form} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {t('reset.send')}
          </button>
        </form>
      )}
      {step === 'code' && (
        <form className="form" onSubmit={reset} noValidate>
          <p className="auth-card__intro" role="status">
            {linkToken
              ? t('reset.fromLink')
              : sent
                ? t('reset.sent', { minutes: ADMIN_LIMITS.resetCodeMinutes })
                : t('reset.enterCode')}
          </p>
          {!linkToken && (
            <>
              <EmailField value={email} onChange={setEmail} error={errors.email} />
              <Field label={t('reset.code')} hint={t('reset.codeHint')} error={errors.code}>
                {(control) => (
                  <input
                    {...control}
                    className="input input--code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={RESET_CODE_LENGTH}
                    value={code}
                    onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                  />
                )}
              </Field>
            </>
          )}
          <NewPasswordFields
            label={t('reset.newPassword')}
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            errors={errors}
          />
          <FormError message={errors.form} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {t('reset.submit')}
          </button>
          {!linkToken && (
            <button type="button" className="link-button" onClick={() => void send()} disabled={busy}>
              {t('reset.resend')}
            </button>
          )}
        </form>
      )}
      {step === 'done' && (
        <div className="done-panel" role="status">
          <SuccessIcon size={40} />
          <p>{t('reset.done')}</p>
        </div>
      )}
      <p className="auth-card__switch">
        <Link to="/login" className="link-button">
          {t('reset.backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
