import type { AdminLoginResult } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '@/components/field';
import { login } from '../api/login';
import { EmailField, loadValidation, PasswordField } from './auth-fields';

/** Email and password; the server's refusal (wrong password, locked account) shows under the form. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (result: AdminLoginResult) => Promise<void> | void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Busy from the tap on, while the checks load too (the first submit may wait for them), so
    // a second tap sends nothing.
    setBusy(true);
    try {
      const emailKey = (await loadValidation()).emailProblem(email);
      const next = {
        email: emailKey ? t(emailKey) : undefined,
        password: password ? undefined : t('auth.errors.passwordRequired'),
      };
      setErrors(next);
      if (next.email || next.password) return;
      const result = await withLightLoading(() => login({ email: email.trim(), password }));
      await onLoggedIn(result);
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form"
      onSubmit={submit}
      onFocus={() => void loadValidation().catch(() => undefined)}
      noValidate
      data-testid="login-form"
    >
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <PasswordField
        label={t('auth.password')}
        error={errors.password}
        value={password}
        onChange={setPassword}
        current
      />
      <div className="form__row form__row--end">
        <Link to="/reset_password" className="link-button">
          {t('auth.forgot')}
        </Link>
      </div>
      <FormError message={errors.form} testId="login-error" />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? t('auth.loggingIn') : t('auth.login')}
      </button>
    </form>
  );
}
