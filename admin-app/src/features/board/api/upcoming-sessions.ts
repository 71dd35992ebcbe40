import type { AdminSession } from '@shuttle/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiCall } from '@/lib/api-client';

export type SessionScope = 'upcoming' | 'past';

/** One page of the team's sessions: upcoming ones soonest first, past ones latest first. */
const getUpcomingSessions = (scope: SessionScope, cursor: string | null) =>
  apiCall('courtSession/upcommingSessions', { scope, cursor, limit: 20 });

/** Pages of `scope`, appended as the admin asks for more; a new scope starts over. */
export function useSessionPages(scope: SessionScope) {
  const [items, setItems] = useState<AdminSession[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'idle' | 'error'>('loading');
  const [error, setError] = useState<unknown>(null);
  const generation = useRef(0);

  const load = useCallback(
    async (from: string | null, replace: boolean) => {
      const mine = ++generation.current;
      setStatus('loading');
      try {
        const page = await getUpcomingSessions(scope, from);
        if (mine !== generation.current) return;
        setItems((previous) => (replace ? page.items : [...previous, ...page.items]));
        setCursor(page.nextCursor);
        setStatus('idle');
      } catch (e) {
        if (mine !== generation.current) return;
        setError(e);
        setStatus('error');
      }
    },
    [scope],
  );

  useEffect(() => {
    setItems([]);
    setCursor(null);
    void load(null, true);
  }, [load]);

  return {
    items,
    status,
    error,
    hasMore: cursor !== null,
    loadMore: () => void load(cursor, false),
    reload: () => void load(null, true),
  };
}
