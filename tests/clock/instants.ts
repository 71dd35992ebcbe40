import type { TestProjectInlineConfiguration } from 'vitest/config';
import { E2E_STACKS } from '../support/e2e-stacks.ts';

/**
 * `npm run test:clock` (run.ts): the date-sensitive suites at instants where calendars turn over,
 * each instant a pair of vitest projects (its API suites, and at two instants its journeys) with
 * `SHUTTLE_NOW` set, so the local stack, the seed, the API harness and the journeys' pages all
 * live on that instant (docs/TESTING.md, "The clock"). `npm test` runs the same suites at the
 * harness's default instant (a Tuesday 10:00 in Taipei) and the journeys at the real time: CI
 * runs each of them once per instant.
 */

/** Taipei wall-clock instants: a Monday 00:05, a Friday 23:55, a month's last day 23:30, 31 December 23:59. */
export const CLOCK_INSTANTS = [
  '2026-11-30T00:05:00+08:00',
  '2026-12-04T23:55:00+08:00',
  '2027-02-28T23:30:00+08:00',
  '2026-12-31T23:59:00+08:00',
] as const;

/**
 * Suites whose outcome depends on the day or the hour, at every instant. The fair sign-up journey
 * is left out (it moves its stack's clock on by itself); its rules run here in the API suites.
 */
export const CLOCK_SUITES = [
  'tests/api/demo-seed.test.ts',
  'tests/api/lottery.test.ts',
  'tests/api/offers.test.ts',
  'tests/api/last-call.test.ts',
  'tests/api/notify/reminders.test.ts',
  'tests/api/notify/group-announcements.test.ts',
] as const;

/** The browser journeys whose pages show days and times, at the instants of `JOURNEY_INSTANTS`. */
export const CLOCK_JOURNEYS = [
  'tests/e2e/booking.test.ts',
  'tests/e2e/money.test.ts',
  'tests/e2e/visitor.test.ts',
] as const;

/**
 * The journeys run at two of the instants, the week's start just after midnight and the year's
 * last minute: the pages only show what the APIs, checked at all four, answer (docs/TESTING.md).
 */
export const JOURNEY_INSTANTS: readonly string[] = [CLOCK_INSTANTS[0], CLOCK_INSTANTS[3]];

/**
 * The vitest projects of `instants` (vitest.config.ts, when `SHUTTLE_CLOCK` names them): one run,
 * one DynamoDB Local, one pool of workers for every instant. The API files of an instant share a
 * worker's modules, as in `npm test` (vitest shares a worker within a project only, and the harness
 * reads the project's `SHUTTLE_NOW` when it loads); so do the journeys of an instant, with its Chromium.
 * `journeysAt` says which instants run the journeys too.
 */
export function clockProjects(
  instants: readonly string[],
  journeysAt: (instant: string) => boolean,
): TestProjectInlineConfiguration[] {
  return instants.flatMap((instant) => [
    {
      test: {
        name: `api ${instant}`,
        include: [...CLOCK_SUITES],
        env: { SHUTTLE_NOW: instant },
        globalSetup: ['tests/support/global-dynamo.ts'],
        isolate: false,
        testTimeout: 60_000,
        // Four instants seed the demo data at once at the run's start (beforeAll): room for a busy machine.
        hookTimeout: 120_000,
      },
    },
    ...(journeysAt(instant)
      ? [
          {
            test: {
              name: `e2e ${instant}`,
              include: [...CLOCK_JOURNEYS],
              env: { SHUTTLE_NOW: instant },
              globalSetup: ['tests/support/global-stack.ts'],
              setupFiles: ['tests/e2e/setup.ts'],
              isolate: false,
              testTimeout: 120_000,
              hookTimeout: 180_000,
              maxWorkers: E2E_STACKS,
              sequence: { groupOrder: 1 },
            },
          },
        ]
      : []),
  ]);
}
