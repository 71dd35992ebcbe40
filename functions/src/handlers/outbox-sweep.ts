import { drainPendingOutbox } from '#notifications/poller.ts';
import { lambdaNotifierDeps } from './deps.ts';

const deps = await lambdaNotifierDeps();

/** Scheduled: delivers records whose retry is due (or whose dispatcher died mid-delivery). */
export const handler = async () => ({ attempted: (await drainPendingOutbox(deps, 100)).length });
