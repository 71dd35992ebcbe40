import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { emailKeys } from './keys';

/** `GET checkState/email/emailStatus`: email, verification state, pending code and preferences. */
export const getEmailStatus = () => apiCall('checkState/email/emailStatus');

export const useEmailStatus = (enabled: boolean) => useQuery(enabled ? emailKeys.status : null, getEmailStatus);
