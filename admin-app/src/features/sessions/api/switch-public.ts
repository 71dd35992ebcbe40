import { apiCall } from '@/lib/api-client';

/** Public sessions are listed for every player; team-only ones for the team's members. */
export const switchPublic = (sessionId: string, isPublic: boolean) =>
  apiCall('courtSession/switchPublic', { sessionId, isPublic });
