import { ADMIN_LIMITS, requestResetRequest } from '@shuttle/shared';

/**
 * i18n keys (admin namespace) of the client-side checks shared by the account forms; the email
 * is checked with the contract's own rule.
 */
export function emailProblem(email: string): 'auth.errors.emailRequired' | 'auth.errors.emailInvalid' | null {
  if (!email.trim()) return 'auth.errors.emailRequired';
  return requestResetRequest.shape.email.safeParse(email).success ? null : 'auth.errors.emailInvalid';
}

export function passwordProblem(
  password: string,
): 'auth.errors.passwordTooShort' | 'auth.errors.passwordTooLong' | null {
  if (password.length < ADMIN_LIMITS.passwordMin) return 'auth.errors.passwordTooShort';
  if (password.length > ADMIN_LIMITS.passwordMax) return 'auth.errors.passwordTooLong';
  return null;
}
