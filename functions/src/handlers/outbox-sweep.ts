import { drainPendingOutbox } from '#notifications/poller.ts';
import { lambdaNotifier } from './notifier-deps.ts';
import { observed } from './observability.ts';

const notifier = lambdaNotifier();

/** Scheduled: delivers records whose retry is due (or whose dispatcher died mid-delivery). */
export const handler = observed(async (_event?: unknown, _context?: unknown) => ({
  attempted: (await drainPendingOutbox(await notifier(), 100)).length,
}));
