/**
 * How long the work nobody waits for holds back after the start (the English back-up texts, the
 * rest of the board's texts, the notification modal): the first screen's chunks, texts and data
 * go first (docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
 */
export const AFTER_FIRST_SCREEN_MS = 3000;

/** Resolves `ms` after now, at the browser's next idle moment (at most 1 s later). */
export const idleAfter = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms)).then(
    () =>
      new Promise<void>((resolve) =>
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(() => resolve(), { timeout: 1000 })
          : setTimeout(resolve, 0),
      ),
  );
