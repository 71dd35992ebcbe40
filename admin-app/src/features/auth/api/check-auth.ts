import { apiCall } from '@/lib/api-client';

/** The admin login check of SPEC §7 (`GET check-auth`): the profile with the isAdmin flag. */
export const checkAuth = () => apiCall('check-auth');
