import { apiCall } from '@/lib/api-client';

/** `POST checkState/email/verifyCode`: at most five wrong tries per code. */
export const verifyEmailCode = (code: string) => apiCall('checkState/email/verifyCode', { code });
