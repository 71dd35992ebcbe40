import { reminderJobDeps } from '#app/jobs.ts';
import { scheduleBookingReminders } from '#notifications/reminders.ts';
import { scheduleSignupOpenings } from '#notifications/signup-openings.ts';
import { lambdaReminderDeps } from './notifier-deps.ts';
import { observed } from './observability.ts';

const deps = reminderJobDeps(lambdaReminderDeps());

export const handler = observed(async (_event?: unknown, _context?: unknown) => ({
  ...(await scheduleBookingReminders(deps)),
  signupOpenings: (await scheduleSignupOpenings(deps)).written,
}));
