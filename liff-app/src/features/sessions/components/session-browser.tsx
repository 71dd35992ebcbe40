import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { CalendarIcon, FilterIcon } from '@shuttle/shared/web/icons.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { lazy, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsLoggedIn } from '@/lib/auth';
import { afterFirstScreen, firstScreenDrawn } from '@/lib/first-screen-drawn';
import { textsComplete } from '@/lib/i18n';
import { useSessionPages } from '../api/use-session-pages';
import { activeFilterCount, clearFilters } from '../model/filters';
import { updateFilters, useFilters } from '../model/filters-store';
import { FilterChips } from './filter-results';
import { SessionCard } from './session-card';
import { StatusTabs } from './status-tabs';

/**
 * The filter panel comes after the first screen (docs/PLAYER-EXPERIENCE.md, "Speed"), with every
 * text: fetched once the first cards are drawn, so it is there when a player taps 篩選.
 */
const loadFilterPanel = () => Promise.all([import('./filter-panel'), textsComplete()]).then(([m]) => m);
const FilterPanel = lazy(() => loadFilterPanel().then((m) => ({ default: m.FilterPanel })));

/**
 * Cards in the first render of a list that arrives while the tab is open: a phone screen's
 * worth. The rest of the page follows as many at a time, each step a transition in a task of its
 * own, so neither the first cards nor the player's first tap wait for the whole page
 * (docs/PLAYER-EXPERIENCE.md, "Speed").
 */
const FIRST_CARDS = 5;

/** The bookable-sessions tab of home: status categories, filters and the paged list. */
export function SessionBrowser() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const filters = useFilters();
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelUsed, setPanelUsed] = useState(false);
  if (panelOpen && !panelUsed) setPanelUsed(true);
  useEffect(() => {
    void afterFirstScreen().then(loadFilterPanel, () => undefined);
  }, []);
  const [params, setParams] = useSearchParams();
  const list = useSessionPages(filters, loggedIn);
  const count = activeFilterCount(filters);
  // A list already at hand (back from a session) renders whole, so the scroll position can be restored.
  const [shown, setShown] = useState(() => (list.data !== undefined ? Number.POSITIVE_INFINITY : FIRST_CARDS));
  const total = list.data?.items.length;
  useEffect(() => {
    if (total === undefined || shown === Number.POSITIVE_INFINITY) return;
    const step = setTimeout(() =>
      startTransition(() => setShown(shown + FIRST_CARDS >= total ? Number.POSITIVE_INFINITY : shown + FIRST_CARDS)),
    );
    return () => clearTimeout(step);
  }, [total, shown]);
  const items = list.data?.items.slice(0, shown);
  // Its first list (or empty or error state) is the first screen: later work waits for it.
  useEffect(() => {
    if (!list.isLoading) firstScreenDrawn();
  }, [list.isLoading]);

  // 'More sessions' on a team card links here with ?team=<id>&teamName=<name>.
  useEffect(() => {
    const teamId = params.get('team');
    if (!teamId) return;
    const teamName = params.get('teamName') ?? teamId;
    updateFilters((f) => ({
      ...clearFilters(f),
      team: { team_id: teamId, team_name: teamName, amount_of_member: 0, is_in: true },
    }));
    const next = new URLSearchParams(params);
    next.delete('team');
    next.delete('teamName');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore } = list;
  const hasMore = Boolean(list.data?.nextCursor) && shown === Number.POSITIVE_INFINITY;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  return (
    <section aria-label={t('home.tabs.sessionList')}>
      <StatusTabs value={filters.status} onChange={(status) => updateFilters({ status })} />
      {/* The filter button and, beside it, a chip per filter that is on (issue 22, item 7). */}
      <div className="list-toolbar">
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => setPanelOpen(true)}
          aria-haspopup="dialog"
          data-testid="open-filters"
        >
          <FilterIcon size={18} />
          {t('filters.open')}
          {count > 0 && (
            <span className="count-badge" data-testid="filter-count">
              <span aria-hidden="true">{count}</span>
              <span className="sr-only">{t('filters.activeCount', { count })}</span>
            </span>
          )}
        </button>
        <FilterChips filters={filters} onChange={(next) => updateFilters(next)} />
      </div>

      {list.status === 'error' && !list.data ? (
        <div className="error-box" role="alert">
          <p>{errorMessage(list.error)}</p>
          <button type="button" className="button button--outline button--small" onClick={() => list.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : list.isLoading && !list.data ? (
        <Spinner />
      ) : list.data && list.data.items.length === 0 && !list.data.nextCursor ? (
        <EmptyState
          icon={<CalendarIcon size={32} />}
          title={t('home.noSessions')}
          description={count > 0 ? t('home.noSessionsFiltered') : undefined}
          testId="sessions-empty"
          action={
            count > 0 ? (
              <button type="button" className="button button--outline" onClick={() => updateFilters(clearFilters)}>
                {t('filters.clearAll')}
              </button>
            ) : undefined
          }
        />
      ) : (
        <>
          <ul className="card-list" data-testid="session-list" aria-busy={list.isFetching}>
            {items?.map((session) => (
              <SessionCard key={session.id} session={session} />
            ))}
          </ul>
          {hasMore && (
            <div ref={sentinel} className="load-more">
              {list.moreError ? <p role="alert">{errorMessage(list.moreError)}</p> : null}
              <button
                type="button"
                className="button button--ghost"
                onClick={() => loadMore()}
                disabled={list.loadingMore}
              >
                {list.loadingMore ? t('loading.text') : t('home.loadMore')}
              </button>
            </div>
          )}
        </>
      )}

      {panelUsed && (
        <Suspense fallback={null}>
          <FilterPanel
            open={panelOpen}
            filters={filters}
            loggedIn={loggedIn}
            onClose={() => setPanelOpen(false)}
            onApply={(next) => {
              updateFilters(next);
              setPanelOpen(false);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
