import type { SessionDetail } from '@shuttle/shared';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { TeamJoinAction } from '@/components/team-join-action';
import { sessionKeys } from '../api/keys';

interface TeamJoinProps {
  session: SessionDetail;
  /** `bar`: the action bar of a team-only session, in place of the reserve button. */
  variant: 'inline' | 'bar';
}

/** The caller's membership of the session's team (`TeamJoinAction`); nothing for a visitor. */
export function TeamJoin({ session, variant }: TeamJoinProps) {
  const membership = session.team?.membership;
  if (!membership) return null;
  return (
    <TeamJoinAction
      teamId={session.teamId}
      teamName={session.teamName}
      membership={membership}
      variant={variant}
      onSettled={() =>
        Promise.all([invalidateQueries(sessionKeys.detail(session.id, true)), invalidateQueries(sessionKeys.all)])
      }
    />
  );
}
