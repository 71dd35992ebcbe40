import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** The player's "I transferred" report on their booking (docs/MONEY.md); the team confirms it. */
export const reportTransfer = (sessionId: string, reference: string) =>
  apiCall('checkState/payments/reportTransfer', { sessionId, reference });

/** Whether the team's no-show rule suspended the player's bookings, and until when. */
export const useMySuspension = (teamId: string | null) =>
  useQuery(teamId ? `sessions:suspension:${teamId}` : null, () =>
    apiCall('checkState/noShow/mySuspension', { teamId: teamId! }),
  );
