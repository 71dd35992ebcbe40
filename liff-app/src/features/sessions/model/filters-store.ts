import { createStore, useStore } from '@shuttle/shared/web/store.ts';
import { EMPTY_FILTERS, type SessionFilters } from './filters';

/** Kept for the visit, so the list looks the same after opening a session and coming back. */
export const filtersStore = createStore<SessionFilters>(EMPTY_FILTERS);

export const useFilters = () => useStore(filtersStore);

export function updateFilters(patch: Partial<SessionFilters> | ((f: SessionFilters) => SessionFilters)): void {
  filtersStore.set((current) => (typeof patch === 'function' ? patch(current) : { ...current, ...patch }));
}
