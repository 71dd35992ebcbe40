import { apiCall } from '@/lib/api-client';

/** A one-time code that binds the LINE group it is sent in to the current team (30 minutes). */
export const getLineBindCode = () => apiCall('setting/lineBindCode', {});

/** Unbinds the team's LINE group; answers the team's data. */
export const unbindLineGroup = () => apiCall('setting/lineUnbind', {});
