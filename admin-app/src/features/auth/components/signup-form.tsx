import { ADMIN_LIMITS, type AdminLoginResult, TEXT_LIMITS } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { isLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormError } from '@/components/field';
import { signup } from '../api/signup';
import { EmailField, loadValidation, NewPasswordFields } from './auth-fields';

type Errors = Partial<Record<'displayName' | 'email' | 'password' | 'confirm' | 'form', string>>;

/** Opens an admin account; the first team is created on the next screen (/admin/signedup). */
export function SignupForm({ onSignedUp }: { onSignedUp: (result: AdminLoginResult) => Promise<void> | void }) {
  const { t, i18n } = useTranslation();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Busy from the tap on, while the checks load too (the first submit may wait for them), so
    // a second tap sends nothing.
    setBusy(true);
    try {
      const checks = await loadValidation();
      const emailKey = checks.emailProblem(email);
      const passwordKey = checks.passwordProblem(password);
      const next: Errors = {
        displayName: displayName.trim() ? undefined : t('auth.errors.nameRequired'),
        email: emailKey ? t(emailKey) : undefined,
        password: passwordKey
          ? t(passwordKey, { min: ADMIN_LIMITS.passwordMin, max: ADMIN_LIMITS.passwordMax })
          : undefined,
        confirm: confirm === password ? undefined : t('auth.errors.passwordMismatch'),
      };
      setErrors(next);
      if (Object.values(next).some(Boolean)) return;
      const result = await withLightLoading(() =>
        signup({
          email: email.trim(),
          password,
          displayName: displayName.trim(),
          language: isLanguage(i18n.language) ? i18n.language : undefined,
        }),
      );
      await onSignedUp(result);
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
      data-testid="signup-form"
    >
      <Field label={t('auth.displayName')} error={errors.displayName}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="name"
            maxLength={TEXT_LIMITS.displayName}
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
          />
        )}
      </Field>
      <EmailField value={email} onChange={setEmail} error={errors.email} autoComplete="email" />
      <NewPasswordFields
        label={t('auth.password')}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
      />
      <FormError message={errors.form} />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {t('auth.signup')}
      </button>
    </form>
  );
}
