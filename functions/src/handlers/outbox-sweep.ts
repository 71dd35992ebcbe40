import { drainPendingOutbox } from '#notifications/poller.ts';
import { lambdaNotifier } from './notifier-deps.ts';

const notifier = lambdaNotifier();

/** Scheduled: delivers records whose retry is due (or whose dispatcher died mid-delivery). */
export const handler = async () => ({ attempted: (await drainPendingOutbox(await notifier(), 100)).length });
