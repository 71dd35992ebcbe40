import type { AdminSession } from '@shuttle/shared';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { sessionsChanged } from '@/lib/changes';
import { sessionKeys } from '../api/keys';

/** After a change: the answer replaces the cached session; lists and counts that show it refetch. */
export function sessionChanged(session: AdminSession): void {
  setQueryData(sessionKeys.detail(session.id), session);
  void sessionsChanged.announce(session.id);
}
