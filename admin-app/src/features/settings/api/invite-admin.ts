import type { AdminRole } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

/** Emails a co-admin invitation, valid 7 days (owners only). */
export const inviteAdmin = (email: string, role: AdminRole) => apiCall('setting/inviteAdmin', { email, role });
