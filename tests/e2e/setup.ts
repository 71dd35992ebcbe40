import { afterAll, afterEach, expect } from 'vitest';
import { leaseStack, releaseStack, takeCspViolations } from './browser.ts';

/**
 * Before each journey file (the e2e projects' `setupFiles`, vitest.config.ts and
 * tests/clock/instants.ts): a worker runs files one after another and shares their modules, so
 * what a file needs of its own is set up here, not when a shared module loads. The file gets a
 * local stack of its own while it runs (`leaseStack`, given back after its last hook), and every
 * test fails on a Content-Security-Policy violation any of its pages saw.
 */
await leaseStack();
afterAll(releaseStack);
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
