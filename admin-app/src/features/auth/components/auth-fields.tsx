import { ADMIN_LIMITS } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';

/**
 * The account forms' checks (lib/validation.ts, the email by the contract's own rule: zod and the
 * schemas, a 40 KB chunk). The login page loads them when a form is first touched and waits for
 * them on submit, so the page itself shows without them (docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
 */
export const loadValidation = () => import('@/lib/validation');

/** The account's email, as login, sign-up and password reset ask for it. */
export function EmailField({
  value,
  onChange,
  error,
  autoComplete = 'username',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** `email` where a new account is opened, else the login's `username`. */
  autoComplete?: 'username' | 'email';
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.email')} error={error}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="email"
          autoComplete={autoComplete}
          inputMode="email"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A password input with its label: the login's current password, or a new one. */
export function PasswordField({
  label,
  hint,
  error,
  value,
  onChange,
  current = false,
}: {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  /** The login's existing password, rather than a new one. */
  current?: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="password"
          autoComplete={current ? 'current-password' : 'new-password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A new password (with the rule as a hint) and its confirmation, as sign-up and password reset ask for them. */
export function NewPasswordFields({
  label,
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: {
  label: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string; confirm?: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        hint={t('auth.passwordHint', { min: ADMIN_LIMITS.passwordMin })}
        error={errors.password}
        value={password}
        onChange={onPassword}
      />
      <PasswordField label={t('auth.confirmPassword')} error={errors.confirm} value={confirm} onChange={onConfirm} />
    </>
  );
}
