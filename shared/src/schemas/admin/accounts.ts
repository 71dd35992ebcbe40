import * as z from 'zod';
import { ADMIN_LIMITS, LANGUAGES, RESET_CODE_LENGTH, TEXT_LIMITS } from '../../constants.ts';
import { id, isoInstant, language } from '../entities.ts';
import { email, name, password } from './common.ts';

// Admin accounts: sign-up, login, password reset, and the account a team leader opens from the member app.

export const adminProfile = z.object({
  adminId: id,
  displayName: z.string(),
  pictureUrl: z.string(),
  email: z.string().nullable(),
  /** Must be true for the admin login check to count: an account without it is logged out. */
  isAdmin: z.boolean(),
  currentTeamId: id.nullable(),
  /** The account was opened from the member app ('become team leader'). */
  linkedMember: z.boolean(),
  language: language.nullable(),
  /**
   * The owner proved the email: until then the account's new sessions are team-only and it
   * cannot invite. A linked account counts as verified when its player verified an email.
   */
  emailVerified: z.boolean(),
});
export type AdminProfile = z.infer<typeof adminProfile>;

export const adminLoginResult = z.object({ token: z.string(), expiresAt: isoInstant, admin: adminProfile });
export type AdminLoginResult = z.infer<typeof adminLoginResult>;

export const adminSignupRequest = z.strictObject({
  email,
  password,
  displayName: name(TEXT_LIMITS.displayName).min(1),
  language: language.optional(),
});
export const adminLoginRequest = z.strictObject({ email, password: z.string().min(1).max(ADMIN_LIMITS.passwordMax) });

export const requestResetRequest = z.strictObject({ email, language: z.enum(LANGUAGES).optional() });
export const requestResetResult = z.object({ sent: z.literal(true) });
export const resetPasswordRequest = z.strictObject({
  email,
  /** The `RESET_CODE_LENGTH`-digit code from the email, or the token of its link. */
  code: z
    .string()
    .max(43)
    .regex(
      new RegExp(`^(\\d{${RESET_CODE_LENGTH}}|[A-Za-z0-9_-]{43})$`),
      'Please enter the complete verification code',
    ),
  newPassword: password,
});
export const resetPasswordResult = z.object({ reset: z.literal(true) });

export const sendAdminEmailCodeResult = z.object({
  email: z.string(),
  expiresAt: isoInstant,
  resendAvailableAt: isoInstant,
});
export const verifyAdminEmailRequest = z.strictObject({
  code: z
    .string()
    .max(6)
    .regex(/^\d{6}$/, 'Please enter the complete verification code'),
});

export const becomeLeaderRequest = z.strictObject({});
export const becomeLeaderResult = adminLoginResult;
