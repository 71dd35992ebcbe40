import type { AdminSession } from '@shuttle/shared';
import { invalidateQueries, setQueryData } from '@shuttle/shared/web/query.ts';
import { sessionKey } from '../api/get-detail';

/** After a change: the answer replaces the cached session; lists and counts that show it refetch. */
export function sessionChanged(session: AdminSession): void {
  setQueryData(sessionKey(session.id), session);
  void invalidateQueries(`session:${session.id}:`);
  void invalidateQueries('board');
  void invalidateQueries('signlist');
}
