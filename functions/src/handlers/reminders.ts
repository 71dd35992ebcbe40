import { scheduleBookingReminders } from '#notifications/reminders.ts';
import { scheduleSignupOpenings } from '#notifications/signup-openings.ts';
import { lambdaReminderDeps } from './notifier-deps.ts';

const deps = lambdaReminderDeps();

export const handler = async () => ({
  ...(await scheduleBookingReminders(deps)),
  signupOpenings: (await scheduleSignupOpenings(deps)).written,
});
