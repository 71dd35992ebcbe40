import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

export const ADMINS_KEY = 'settings:admins';

/** The team's admins and pending invitations. */
export const getAdmins = () => apiCall('setting/getAdmins', {});

export const useTeamAdmins = () => useQuery(ADMINS_KEY, getAdmins);
