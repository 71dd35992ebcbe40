import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A small query cache for both apps (what their screens need of TanStack Query, without the dependency):
 * one entry per key, shared by every component that reads it, refetched on invalidation.
 */
export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  status: 'idle' | 'loading' | 'success' | 'error';
  isFetching: boolean;
  updatedAt: number;
}

interface Entry<T> {
  state: QueryState<T>;
  fetcher?: () => Promise<T>;
  inflight?: Promise<T>;
  listeners: Set<() => void>;
  stale: boolean;
}

const IDLE: QueryState<never> = { data: undefined, error: null, status: 'idle', isFetching: false, updatedAt: 0 };
const entries = new Map<string, Entry<unknown>>();

function entryFor<T>(key: string): Entry<T> {
  let entry = entries.get(key) as Entry<T> | undefined;
  if (!entry) {
    entry = { state: IDLE, listeners: new Set(), stale: true };
    entries.set(key, entry as Entry<unknown>);
  }
  return entry;
}

function update<T>(entry: Entry<T>, patch: Partial<QueryState<T>>) {
  entry.state = { ...entry.state, ...patch };
  for (const listener of entry.listeners) listener();
}

export function fetchQuery<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const entry = entryFor<T>(key);
  entry.fetcher = fetcher;
  if (entry.inflight) return entry.inflight;
  update(entry, { isFetching: true, status: entry.state.data === undefined ? 'loading' : entry.state.status });
  const run = fetcher().then(
    (data) => {
      entry.inflight = undefined;
      entry.stale = false;
      update(entry, { data, error: null, status: 'success', isFetching: false, updatedAt: Date.now() });
      return data;
    },
    (error: unknown) => {
      entry.inflight = undefined;
      update(entry, { error, status: 'error', isFetching: false });
      throw error;
    },
  );
  entry.inflight = run;
  return run;
}

export function getQueryData<T>(key: string): T | undefined {
  return (entries.get(key) as Entry<T> | undefined)?.state.data;
}

export function setQueryData<T>(key: string, data: T | ((previous: T | undefined) => T)): void {
  const entry = entryFor<T>(key);
  const next = typeof data === 'function' ? (data as (previous: T | undefined) => T)(entry.state.data) : data;
  update(entry, { data: next, status: 'success', error: null, updatedAt: Date.now() });
}

/** Marks every key starting with `prefix` (all by default) stale and refetches the ones on screen. */
export function invalidateQueries(prefix = ''): Promise<unknown> {
  const refetches: Promise<unknown>[] = [];
  for (const [key, entry] of entries) {
    if (!key.startsWith(prefix)) continue;
    entry.stale = true;
    if (entry.listeners.size > 0 && entry.fetcher)
      refetches.push(fetchQuery(key, entry.fetcher).catch(() => undefined));
  }
  return Promise.all(refetches);
}

/**
 * Forgets every answer under `prefix` (all by default), as after a team switch: screens on
 * display show their loading state and fetch again; entries nobody shows are dropped.
 */
export function resetQueries(prefix = ''): Promise<unknown> {
  const refetches: Promise<unknown>[] = [];
  for (const [key, entry] of entries) {
    if (!key.startsWith(prefix)) continue;
    if (entry.listeners.size === 0 || !entry.fetcher) {
      entries.delete(key);
      continue;
    }
    entry.stale = true;
    entry.inflight = undefined;
    update(entry, IDLE);
    refetches.push(fetchQuery(key, entry.fetcher).catch(() => undefined));
  }
  return Promise.all(refetches);
}

export function removeQueries(prefix = ''): void {
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
}

export interface UseQueryResult<T> extends QueryState<T> {
  isLoading: boolean;
  refetch: () => Promise<T | undefined>;
}

/** Reads `key`, fetching when the entry is missing or stale. A null key waits. */
export function useQuery<T>(key: string | null, fetcher: () => Promise<T>): UseQueryResult<T> {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!key) return () => undefined;
      const entry = entryFor<T>(key);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [key],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => (key ? entryFor<T>(key).state : (IDLE as QueryState<T>)),
    () => IDLE as QueryState<T>,
  );

  // The fetcher is derived from the key: a new closure for the same key must not refetch.
  const latestFetcher = useRef(fetcher);
  latestFetcher.current = fetcher;

  useEffect(() => {
    if (!key) return;
    const entry = entryFor<T>(key);
    entry.fetcher = latestFetcher.current;
    if (entry.stale && !entry.inflight) fetchQuery(key, latestFetcher.current).catch(() => undefined);
  }, [key]);

  const refetch = useCallback(
    () => (key ? fetchQuery(key, latestFetcher.current).catch(() => undefined) : Promise.resolve(undefined)),
    [key],
  );

  return { ...state, isLoading: state.status === 'loading' || (state.status === 'idle' && key !== null), refetch };
}
