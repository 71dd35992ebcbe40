import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { CLOCK_INSTANTS, JOURNEY_INSTANTS } from './instants.ts';

/**
 * `npm run test:clock`: the date-sensitive suites (demo seed, sign-up and notification jobs,
 * browser journeys) at instants where calendars turn over, in one vitest run whose projects are
 * the instants (instants.ts; vitest.config.ts reads `SHUTTLE_CLOCK`), each with `SHUTTLE_NOW` set
 * (docs/TESTING.md, "The clock"). `--only <ISO instant>` runs one instant, journeys included;
 * extra arguments after `--` go to vitest.
 */

const root = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const only = args.indexOf('--only');
const instants = only >= 0 ? [args[only + 1]!] : [...CLOCK_INSTANTS];
const journeys = only >= 0 ? instants : instants.filter((instant) => JOURNEY_INSTANTS.includes(instant));
const dash = args.indexOf('--');
const extra = dash >= 0 ? args.slice(dash + 1) : [];

const started = Date.now();
const child = spawn(process.execPath, [resolve(root, 'node_modules/vitest/vitest.mjs'), 'run', ...extra], {
  cwd: root,
  env: { ...process.env, SHUTTLE_CLOCK: instants.join(','), SHUTTLE_CLOCK_JOURNEYS: journeys.join(',') },
  stdio: 'inherit',
});
child.on('close', (code) => {
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    code === 0
      ? `test:clock: all ${instants.length} instants passed (${seconds} s; the time per instant above)`
      : `test:clock: failed (${seconds} s; the failing instants are the projects named above)`,
  );
  process.exit(code ?? 1);
});
