import type { AdminLoginResult } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field } from '@/components/field';
import { emailProblem } from '@/lib/validation';
import { login } from '../api/login';

/** Email and password; the server's refusal (wrong password, locked account) shows under the form. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (result: AdminLoginResult) => Promise<void> | void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const emailKey = emailProblem(email);
    const next = {
      email: emailKey ? t(emailKey) : undefined,
      password: password ? undefined : t('auth.errors.passwordRequired'),
    };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      const result = await withLightLoading(() => login({ email: email.trim(), password }));
      await onLoggedIn(result);
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="login-form">
      <Field label={t('auth.email')} error={errors.email}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('auth.password')} error={errors.password}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <div className="form__row form__row--end">
        <Link to="/reset_password" className="link-button">
          {t('auth.forgot')}
        </Link>
      </div>
      {errors.form && (
        <p className="form-error" role="alert" data-testid="login-error">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? t('auth.loggingIn') : t('auth.login')}
      </button>
    </form>
  );
}
