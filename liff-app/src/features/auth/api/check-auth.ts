import { apiCall } from '@/lib/api-client';

/** `GET checkState/checkAuth`: the login status check; answers the member's profile. */
export const checkAuth = () => apiCall('checkState/checkAuth');
