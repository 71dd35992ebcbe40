import { apiCall } from '@/lib/api-client';

/** Emails a new 6-digit code to the signed-in account's address. */
export const sendEmailCode = () => apiCall('email/sendCode', {});

/** Verifies the account's email with the emailed code; answers the updated profile. */
export const verifyEmailCode = (code: string) => apiCall('email/verifyCode', { code });
