import { scheduleBookingReminders } from '#notify/reminders.ts';
import { lambdaReminderDeps } from '#src/lambda-deps.ts';

const deps = await lambdaReminderDeps();

export const handler = () => scheduleBookingReminders(deps);
