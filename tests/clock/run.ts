import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * `npm run test:clock`: the date-sensitive suites (demo seed, sign-up and notification jobs,
 * browser journeys) at instants where calendars turn over, each with `SHUTTLE_NOW` set, so the
 * local stack, the seed, the API harness and the journeys' pages all live on that instant
 * (docs/TESTING.md, "The clock"). Two instants run at once. `--only <ISO instant>` runs one
 * instant, journeys included; extra arguments after `--` go to vitest.
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
 * is left out for time (it waits for a real one-minute lottery); its rules run here in the API suites.
 */
export const CLOCK_SUITES = [
  'tests/api/lottery-demo.test.ts',
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

/** How many instants run at once: each is its own vitest run with its own DynamoDB Local and stacks. */
const AT_ONCE = 2;

const root = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const only = args.indexOf('--only');
const instants = only >= 0 ? [args[only + 1]!] : [...CLOCK_INSTANTS];
const dash = args.indexOf('--');
const extra = dash >= 0 ? args.slice(dash + 1) : [];

interface Result {
  instant: string;
  ok: boolean;
  seconds: number;
}

/** One instant's run, its output kept and printed whole once it ends (two run side by side). */
function runInstant(instant: string): Promise<Result> {
  const journeys = only >= 0 || JOURNEY_INSTANTS.includes(instant);
  const projects = journeys ? ['--project', 'api', '--project', 'e2e'] : ['--project', 'api'];
  const suites = journeys ? [...CLOCK_SUITES, ...CLOCK_JOURNEYS] : [...CLOCK_SUITES];
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [resolve(root, 'node_modules/vitest/vitest.mjs'), 'run', ...projects, ...suites, ...extra],
      { cwd: root, env: { ...process.env, SHUTTLE_NOW: instant }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const what = journeys ? 'API suites and journeys' : 'API suites';
      process.stdout.write(`\n=== SHUTTLE_NOW=${instant} (${what}) ===\n\n${Buffer.concat(output).toString()}`);
      done({ instant, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

// The runs with journeys first, side by side, then the API-only ones: the heavy ones overlap each other.
const queue = [...instants].sort((a, b) => Number(JOURNEY_INSTANTS.includes(b)) - Number(JOURNEY_INSTANTS.includes(a)));
const results: Result[] = [];
await Promise.all(
  Array.from({ length: Math.min(AT_ONCE, queue.length) }, async () => {
    for (let instant = queue.shift(); instant; instant = queue.shift()) results.push(await runInstant(instant));
  }),
);
results.sort((a, b) => instants.indexOf(a.instant) - instants.indexOf(b.instant));
console.log('\nThe suite at faked instants (SHUTTLE_NOW):');
for (const r of results) console.log(`  ${r.ok ? 'passed' : 'FAILED'}  ${r.instant}  (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(
  failed
    ? `test:clock: ${failed} of ${results.length} instants failed`
    : `test:clock: all ${results.length} instants passed`,
);
process.exit(failed ? 1 : 0);
