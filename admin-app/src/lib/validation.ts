import { ADMIN_LIMITS } from '@shuttle/shared';

/** i18n keys (admin namespace) of the client-side checks shared by the account forms. */
export function emailProblem(email: string): 'auth.errors.emailRequired' | 'auth.errors.emailInvalid' | null {
  const value = email.trim();
  if (!value) return 'auth.errors.emailRequired';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || value.length > 254) return 'auth.errors.emailInvalid';
  return null;
}

export function passwordProblem(
  password: string,
): 'auth.errors.passwordTooShort' | 'auth.errors.passwordTooLong' | null {
  if (password.length < ADMIN_LIMITS.passwordMin) return 'auth.errors.passwordTooShort';
  if (password.length > ADMIN_LIMITS.passwordMax) return 'auth.errors.passwordTooLong';
  return null;
}
