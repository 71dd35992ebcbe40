import { apiCall } from '@/lib/api-client';

/** Switches the current team; the answer carries a fresh token. */
export const updateCurrentTeam = (teamId: string) => apiCall('setting/updateCurrentTeam', { teamId });
