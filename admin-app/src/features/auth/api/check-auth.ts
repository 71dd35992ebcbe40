import { apiCall } from '@/lib/api-client';

/** The admin login check (`GET check-auth`): the profile with the isAdmin flag. */
export const checkAuth = () => apiCall('check-auth');
