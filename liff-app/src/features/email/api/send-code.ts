import { apiCall } from '@/lib/api-client';

/** `POST checkState/email/sendCode`: a 6-digit code to the address (another after 60 s). */
export const sendEmailCode = (email: string) => apiCall('checkState/email/sendCode', { email });
