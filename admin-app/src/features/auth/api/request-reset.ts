import type { Language } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

/** Emails a reset code and link; the answer is the same whether or not the email has an account. */
export const requestReset = (email: string, language: Language) =>
  apiCall('password/requestReset', { email, language });
