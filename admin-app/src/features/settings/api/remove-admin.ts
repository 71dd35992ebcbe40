import { apiCall } from '@/lib/api-client';

/** Owners remove anyone but the last owner; any admin may remove themselves. */
export const removeAdmin = (adminId: string) => apiCall('setting/removeAdmin', { adminId });
