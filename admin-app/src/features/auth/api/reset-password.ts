import { apiCall } from '@/lib/api-client';

/** `code` is the 6-digit code from the email or the token of its link. */
export const resetPassword = (input: { email: string; code: string; newPassword: string }) =>
  apiCall('password/reset', input);
