import { drainPendingOutbox } from '#notify/poller.ts';
import { lambdaNotifierDeps } from '#src/lambda-deps.ts';

const deps = await lambdaNotifierDeps();

/** Scheduled: delivers records whose retry is due (or whose dispatcher died mid-delivery). */
export const handler = async () => ({ attempted: (await drainPendingOutbox(deps, 100)).length });
