import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The team's admins and pending invitations. */
const getAdmins = () => apiCall('setting/getAdmins', {});

export const useTeamAdmins = () => useQuery(settingsKeys.admins, getAdmins);
