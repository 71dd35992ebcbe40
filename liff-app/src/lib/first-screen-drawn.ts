/**
 * When the first screen has drawn (docs/PLAYER-EXPERIENCE.md, "Speed"). Work the first screen
 * does not need (the LIFF SDK outside LINE, the English back-up texts) waits for it, so it
 * neither takes bandwidth from the first session list nor the main thread from its render.
 */

let markDrawn: () => void = () => undefined;
const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});
let awaited = false;

/** The entry opens a screen that will report `firstScreenDrawn` (the session list). */
export function expectFirstScreen(): void {
  awaited = true;
}

/** The expected first screen has drawn its content (or its empty or error state). */
export function firstScreenDrawn(): void {
  markDrawn();
}

/** Resolves in a later task, so the browser may draw or answer input in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const nextFrame = () =>
  new Promise<void>((resolve) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(resolve, 0)) : resolve(),
  );

const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: 500 })
      : setTimeout(resolve, 0),
  );

/**
 * Resolves once the expected first screen has drawn (at once when none is expected) and the
 * browser then has a moment with nothing to do; or after `capMs` at the latest.
 */
export function afterFirstScreen(capMs = 3000): Promise<void> {
  const ready = awaited ? drawn.then(nextFrame) : Promise.resolve();
  return Promise.race([ready.then(idle), new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

/** Resolves `ms` after now, at the browser's next idle moment (work nobody waits for). */
export function idleAfter(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms)).then(idle);
}
