import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** `GET checkState/email/emailStatus`: email, verification state, pending code and preferences. */
export const getEmailStatus = () => apiCall('checkState/email/emailStatus');

export const EMAIL_STATUS_KEY = 'email:status';
export const useEmailStatus = (enabled: boolean) => useQuery(enabled ? EMAIL_STATUS_KEY : null, getEmailStatus);
