import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { clockProjects } from './tests/clock/instants.ts';
import { E2E_STACKS } from './tests/support/e2e-stacks.ts';
import { LongFilesFirst } from './tests/support/sequencer.ts';

/** `npm run test:clock` (tests/clock/run.ts) names its instants, and those with journeys: it runs only them. */
const clock = process.env.SHUTTLE_CLOCK?.split(',').filter(Boolean);
const clockJourneys = process.env.SHUTTLE_CLOCK_JOURNEYS?.split(',') ?? [];

/**
 * One runner for every layer. `unit`: pure logic, no network. `infra`: the CDK stacks and the
 * Lambda bundles. `api`: HTTP calls against DynamoDB Local (one in-memory engine per run, one
 * table per test file). `e2e`: Playwright driving Debian's Chromium against the local stack.
 *
 * Files share the modules they import (`isolate: false`; the apps' projects too, shared/build/vite.ts):
 * each file builds its own CDK apps, or its own table and app, and loading the CDK library, the whole
 * API or an app once per worker rather than once per file saves a quarter to three quarters of a
 * project's time (docs/TESTING.md, "Suite time"). A file that needs a module loaded under settings
 * of its own loads it afresh (`vi.resetModules`, functions/test/observability.test.ts). The journeys
 * of a worker share its Chromium too, each file in contexts of its own (`launchChromium`,
 * tests/e2e/browser.ts); what each needs of its own, tests/e2e/setup.ts gives it.
 *
 * Vitest's default on a 2-core machine is one worker; the API files wait on DynamoDB Local as much
 * as they compute, so one worker more than the cores keeps them busy (the api project on 2 cores:
 * 276 s with 2 workers, 234 s with 3, 280 s with 4; docs/TESTING.md, "Suite time"). The journeys
 * run after everything else, `E2E_STACKS` at a time, each worker on a local stack of its own.
 */
export default defineConfig({
  test: {
    maxWorkers: availableParallelism() + 1,
    // The Node it runs on and the time per project, printed at the end (tests/support/project-times.ts).
    reporters: ['default', './tests/support/project-times.ts'],
    // The run's own folder, for what is built once per run and shared (the Lambda bundles).
    globalSetup: ['tests/support/global-run.ts'],
    // Each project's longest files start first, on a fresh clone too (tests/support/sequencer.ts).
    sequence: { sequencer: LongFilesFirst },
    projects: clock
      ? clockProjects(clock, (instant) => clockJourneys.includes(instant))
      : [
          'liff-app/vitest.config.ts',
          'admin-app/vitest.config.ts',
          {
            test: {
              name: 'unit',
              include: ['shared/test/**/*.test.{ts,tsx}', 'functions/test/**/*.test.ts', 'tests/support/*.test.ts'],
              environment: 'node',
              isolate: false,
            },
          },
          {
            test: {
              name: 'infra',
              include: ['infra/test/**/*.test.ts'],
              environment: 'node',
              isolate: false,
            },
          },
          {
            test: {
              name: 'api',
              include: ['tests/api/**/*.test.ts', 'tests/property/**/*.test.ts'],
              globalSetup: ['tests/support/global-dynamo.ts'],
              isolate: false,
              testTimeout: 60_000,
              hookTimeout: 60_000,
            },
          },
          {
            test: {
              name: 'e2e',
              include: ['tests/e2e/**/*.test.ts'],
              globalSetup: ['tests/support/global-stack.ts'],
              setupFiles: ['tests/e2e/setup.ts'],
              isolate: false,
              testTimeout: 120_000,
              hookTimeout: 180_000,
              maxWorkers: E2E_STACKS,
              sequence: { groupOrder: 1 },
            },
          },
        ],
  },
});
