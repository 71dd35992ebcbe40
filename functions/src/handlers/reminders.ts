import { scheduleBookingReminders } from '#notifications/reminders.ts';
import { lambdaReminderDeps } from './deps.ts';

const deps = await lambdaReminderDeps();

export const handler = () => scheduleBookingReminders(deps);
