import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps start-up state: each test takes a fresh copy.
let drawn: typeof import('./first-screen-drawn');
beforeEach(async () => {
  vi.resetModules();
  drawn = await import('./first-screen-drawn');
});

/** Whether `promise` has settled after the timers and tasks queued now have run. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return settled;
}

describe('work that waits for the first screen', () => {
  it('goes ahead when no first screen is expected', async () => {
    expect(await settledSoon(drawn.afterFirstScreen(60_000))).toBe(true);
  });

  it('waits until the expected first screen has drawn, then goes ahead', async () => {
    drawn.expectFirstScreen();
    const later = drawn.afterFirstScreen(60_000);
    expect(await settledSoon(later)).toBe(false);
    drawn.firstScreenDrawn();
    expect(await settledSoon(later)).toBe(true);
  });

  it('goes ahead after the cap even if the first screen never reports', async () => {
    drawn.expectFirstScreen();
    expect(await settledSoon(drawn.afterFirstScreen(10))).toBe(true);
  });
});
