import type { JoinTeamResult } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

/** `POST checkState/member/joinTeam`: a member at once, or a pending request when the team approves joins. */
export function joinTeam(teamId: string): Promise<JoinTeamResult> {
  return apiCall('checkState/member/joinTeam', { teamId });
}
