import { defineConfig } from 'vitest/config';

/**
 * One runner for every layer. `unit`: pure logic, no network. `api`: HTTP calls against
 * DynamoDB Local (one in-memory engine per run, one table per test file). `e2e`: Playwright
 * driving Debian's Chromium against the local stack.
 */
export default defineConfig({
  test: {
    projects: [
      'liff-app/vitest.config.ts',
      'admin-app/vitest.config.ts',
      {
        test: {
          name: 'unit',
          include: ['shared/test/**/*.test.{ts,tsx}', 'functions/test/**/*.test.ts', 'infra/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/property/**/*.test.ts'],
          globalSetup: ['tests/support/global-dynamo.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-stack.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
