import { signupJobDeps } from '#app/jobs.ts';
import { runSignupJobs } from '#bookings/sign-up-jobs.ts';
import { randomId } from '#platform/clock.ts';
import { lambdaReminderDeps } from './notifier-deps.ts';
import { observed } from './observability.ts';

/**
 * The sign-up job on AWS (docs/FAIR-SIGNUP.md): lottery draws and waitlist offer expiries that
 * are due, on a 1-minute schedule. Every step is a conditional write, so an overlapping run or a
 * retried invocation changes nothing twice.
 */
const deps = lambdaReminderDeps();

export const handler = observed(async (_event?: unknown, _context?: unknown) =>
  runSignupJobs(signupJobDeps({ ...deps, ids: randomId })),
);
