import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest in their project, longest first: each project starts them first, so
 * no long file starts last and runs alone while the other workers wait (docs/TESTING.md, "Suite
 * time"). Vitest's own order runs files longest first only when it has their durations from an
 * earlier run on the same machine; a fresh clone (CI) has none, and vitest then runs the largest
 * files first, which put the two accessibility journeys (85 and 50 s) 13th and 16th of 22. The
 * figures are each file's seconds in a whole `npm test` on the 2-core machine, run beside the
 * files that start with it (the first three API files alone take about half as long).
 */
export const LONG_FILES = [
  // api, three workers
  'tests/property/payments-planted.property.test.ts', // 87 s
  'tests/api/concurrency.test.ts', // 58 s
  'tests/property/offers.property.test.ts', // 37 s
  'tests/property/last-call.property.test.ts', // 31 s
  // Started after the first four, not with concurrency.test.ts: both send 500 joins at once, and
  // started together on a busy host they starved DynamoDB Local into a 60 s test timeout.
  'tests/api/lottery-notices.test.ts', // 52 s
  'tests/api/stalls.test.ts', // 18 s
  'tests/property/fair-signup.property.test.ts', // 17 s
  'tests/property/payments.property.test.ts', // 14 s
  'tests/api/notify/fan-out.test.ts', // 12 s
  'tests/api/rotation-live.test.ts', // 11 s
  'tests/property/booking.property.test.ts', // 10 s
  'tests/api/rotation-sockets.test.ts', // 10 s
  // The longest of test:clock's API files at each instant (tests/clock/instants.ts): it seeds the demo data.
  'tests/api/demo-seed.test.ts', // 8-11 s
  // e2e, two workers
  'tests/e2e/accessibility-admin.test.ts', // 85 s
  'tests/e2e/admin-checkin-phone.test.ts', // 55 s
  'tests/e2e/accessibility.test.ts', // 50 s
  'tests/e2e/self-check-in.test.ts', // 45 s
  'tests/e2e/money.test.ts', // 36 s
  'tests/e2e/languages-fit.test.ts', // 32 s
  // infra, three workers
  'infra/test/source-maps.test.ts', // 47 s
  'infra/test/operations.test.ts', // 24 s
  'infra/test/runbook.test.ts', // 21 s
];

/**
 * Vitest's order (projects one after another, by name; within a project, what failed last time
 * first, then the longest or largest), with each project's `LONG_FILES` moved to its front in the
 * list's order. The same files start first on every machine, cached durations or not.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const projectAt = new Map<string, number>();
    sorted.forEach((f, i) => {
      if (!projectAt.has(f.project.name)) projectAt.set(f.project.name, i);
    });
    const rank = (f: TestSpecification) => {
      const i = LONG_FILES.indexOf(relative(root, f.moduleId));
      return i < 0 ? LONG_FILES.length : i;
    };
    const key = (f: TestSpecification, i: number) => [projectAt.get(f.project.name)!, rank(f), i] as const;
    return sorted
      .map((f, i) => ({ f, k: key(f, i) }))
      .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2])
      .map(({ f }) => f);
  }
}
