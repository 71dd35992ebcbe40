import { apiCall } from '@/lib/api-client';
import { useQuery } from '@/lib/query';

/** `GET checkState/email/emailStatus`: email, verification state, pending code and preferences. */
export const getEmailStatus = () => apiCall('checkState/email/emailStatus');

export const EMAIL_STATUS_KEY = 'email:status';
export const useEmailStatus = (enabled: boolean) => useQuery(enabled ? EMAIL_STATUS_KEY : null, getEmailStatus);
