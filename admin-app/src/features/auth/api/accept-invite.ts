import { apiCall } from '@/lib/api-client';

/** Joins the team of an invitation email (`/admin/login?invite=…`) as the signed-in admin. */
export const acceptInvite = (token: string) => apiCall('setting/acceptInvite', { token });
