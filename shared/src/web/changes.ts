/**
 * A kind of change that features announce and the app shell reacts to. Features never import
 * each other, so a feature that changes data another one shows announces the change, and the
 * app shell (each app's app/query-links.ts) invalidates the other features' query keys.
 */
export interface Change<Detail = void> {
  /** Runs `listener` on every announcement; returns the way to stop. */
  on(listener: (detail: Detail) => unknown): () => void;
  /** Resolves once every listener's work (refetches, say) is done. */
  announce(detail: Detail): Promise<unknown>;
}

export function createChange<Detail = void>(): Change<Detail> {
  const listeners = new Set<(detail: Detail) => unknown>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce(detail) {
      return Promise.all([...listeners].map((listener) => listener(detail)));
    },
  };
}
