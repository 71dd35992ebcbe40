/**
 * How many journeys run at once (the e2e project's `maxWorkers`, vitest.config.ts), each on a local
 * stack of its own (tests/e2e/setup.ts leases one from global-stack.ts before each journey file): a
 * file never shares its stack with a file running beside it, only with the files that ran on it
 * before, as when all ran one after another on one.
 */
export const E2E_STACKS = 2;
