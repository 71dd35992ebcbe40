import { itemCodec } from '../codec.ts';
import { key } from '../keys.ts';
import * as z from '../schema.ts';

/**
 * Work the sign-up job owes (TABLE.md, "Fair sign-up"; `#bookings/sign-up-jobs.ts`): markers in
 * the one partition `SIGNUPJOBS`, sorted by when they are due, one schema per kind.
 */

const marker = () => ({ type: z.literal('signupJob'), dueAt: z.string() });

export const signupJobSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('kind', [
    /** A session's lottery draw, written with every entry (`#bookings/draw.ts`). */
    z.object({ ...marker(), kind: z.literal('draw'), sessionId: z.string() }),
    /** A waitlist offer's expiry (`#bookings/offers.ts`). */
    z.object({ ...marker(), kind: z.literal('offer'), sessionId: z.string(), userId: z.string() }),
    /** The players of a last call past the first LAST_CALL_NOTICES, still to tell (`#bookings/last-call.ts`). */
    z.object({
      ...marker(),
      kind: z.literal('lastCall'),
      sessionId: z.string(),
      openingId: z.string(),
      userIds: z.array(z.string()),
      reason: z.string(),
    }),
    /** A create call's lottery sessions: `<drawAt>|<sessionId>` in draw order, due at the first. */
    z.object({ ...marker(), kind: z.literal('lotteries'), id: z.string(), draws: z.array(z.string()) }),
  ]),
);

export type SignupJob = z.output<typeof signupJobSchema>;

/** The part of the sort key after `<dueAt>#<kind>#` that makes each marker its own item. */
function referenceOf(job: SignupJob): string {
  switch (job.kind) {
    case 'draw':
      return job.sessionId;
    case 'offer':
      return `${job.sessionId}#${job.userId}`;
    case 'lastCall':
      return `${job.sessionId}#${job.openingId}`;
    case 'lotteries':
      return job.id;
  }
}

export const signupJobCodec = /* @__PURE__ */ itemCodec({
  name: 'signupJob',
  schema: signupJobSchema,
  keys: (job) => key.signupJob(job.dueAt, job.kind, referenceOf(job)),
});
