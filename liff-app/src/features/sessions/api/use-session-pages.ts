import type { SessionListPage, SessionSummary } from '@shuttle/shared';
import { fetchQuery, resetQueries, setQueryData, useQuery } from '@shuttle/shared/web/query.ts';
import { useCallback, useState } from 'react';
import { type SessionFilters, toQuery } from '../model/filters';
import { getSessionList } from './get-session-list';
import { sessionKeys } from './keys';

interface Pages {
  items: SessionSummary[];
  nextCursor: string | null;
}

/**
 * A page may come back short or empty with a cursor when the API's read budget ran out first
 * (functions/src/db/TABLE.md, "Browse"); empty ones are read on, a few at a time.
 */
const EMPTY_PAGES_READ_ON = 8;

async function pageFrom(
  filters: SessionFilters,
  cursor: string | null,
  loggedIn: boolean,
  key: string,
): Promise<SessionListPage> {
  // An answer found not to match the contracts after it was shown (the first screen's, read
  // before they came: get-session-list.ts) is forgotten: the list asks again, checked this time.
  const onLateMismatch = () => void resetQueries(key);
  let page = await getSessionList(toQuery(filters, cursor), loggedIn, onLateMismatch);
  for (let hop = 0; hop < EMPTY_PAGES_READ_ON && page.items.length === 0 && page.nextCursor; hop++) {
    page = await getSessionList(toQuery(filters, page.nextCursor), loggedIn, onLateMismatch);
  }
  return page;
}

/** The browse list for the current filters, page after page (cursor paging of the API). */
export function useSessionPages(filters: SessionFilters, loggedIn: boolean) {
  const first = toQuery(filters);
  const key = sessionKeys.list(first, loggedIn);
  const query = useQuery<Pages>(key, () => pageFrom(filters, null, loggedIn, key));
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);

  const loadMore = useCallback(async () => {
    const cursor = query.data?.nextCursor;
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const next: SessionListPage = await fetchQuery(sessionKeys.listPage(key, cursor), () =>
        pageFrom(filters, cursor, loggedIn, key),
      );
      setQueryData<Pages>(key, (previous) => ({
        items: [...(previous?.items ?? []), ...next.items.filter((s) => !previous?.items.some((p) => p.id === s.id))],
        nextCursor: next.nextCursor,
      }));
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  }, [key, filters, loggedIn, loadingMore, query.data?.nextCursor]);

  return { ...query, loadingMore, moreError, loadMore };
}
