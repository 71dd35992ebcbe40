import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { boardKeys } from '@/features/board/api/keys';
import { checkinKeys } from '@/features/checkin/api/keys';
import { createSessionKeys } from '@/features/create-session/api/keys';
import { sessionKeys } from '@/features/sessions/api/keys';
import { teamKeys } from '@/features/teams/api/keys';
import { sessionsChanged, teamSettingsChanged } from '@/lib/changes';

/** What each announced change makes stale, across features. Call once at start. */
export function linkQueries(): void {
  sessionsChanged.on((sessionId) =>
    Promise.all([
      invalidateQueries(boardKeys.all),
      invalidateQueries(checkinKeys.days),
      // Everything about the session, check-in's players included (their key shares the prefix).
      sessionId && invalidateQueries(sessionKeys.all(sessionId)),
    ]),
  );
  teamSettingsChanged.on(() =>
    Promise.all([invalidateQueries(teamKeys.all), invalidateQueries(createSessionKeys.all)]),
  );
}
