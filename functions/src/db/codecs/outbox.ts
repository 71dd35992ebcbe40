import { itemCodec } from '../codec.ts';
import { key } from '../keys.ts';
import * as z from '../schema.ts';
import { paymentDetailsSchema } from './payment-details.ts';

/**
 * Notification records (key `OUTBOX#id / OUTBOX`; TABLE.md, "Outbox"): one schema per kind, told
 * apart by `kind`. Every record is written in the same transaction as the change it announces;
 * while undelivered it sits in the sparse GSI1 partition `OUTBOX#PENDING` with `GSI1SK` = the
 * next instant anyone should look at it, then its id (index attributes, not part of the record).
 */

export const USER_OUTBOX_KINDS = [
  'promoted',
  'sessionChanged',
  'sessionCancelled',
  'bookingReminder',
  'news',
  /** A waitlist place offered until `offerExpiresAt` (docs/FAIR-SIGNUP.md). */
  'offered',
  /** A place freed in the final window, open to everyone waiting: first to claim it gets it (docs/FAIR-SIGNUP.md). */
  'lastCall',
  /** The lottery's draw put the player on the waitlist, at `position` (docs/FAIR-SIGNUP.md). */
  'lotteryWaitlisted',
  /** The player opted in on the rotation board and is newly up next (docs/ON-COURT.md): LINE only, once a session. */
  'rotationUpNext',
] as const;

/** Announcements to a team's bound LINE group (TABLE.md, "Outbox"): `teamId` and `sessionIds`, no user. */
export const GROUP_OUTBOX_KINDS = [
  'groupNewSessions',
  'groupSignupOpening',
  'groupPlaceFreed',
  'groupSessionChanged',
  'groupSessionCancelled',
  'groupNews',
  /** A last call told in the bound group: one message mentioning the waiting players (docs/FAIR-SIGNUP.md). */
  'groupLastCall',
] as const;

/**
 * Emails to a team's owners (`teamId`, no user): another team's binding code was sent in the
 * team's bound LINE group and refused (docs/LINE.md, "Team groups and chat commands"); where
 * players pay changed (docs/MONEY.md, "Who changes where players pay").
 */
export const TEAM_ALERT_KINDS = ['groupBindRefused', 'paymentDetailsChanged'] as const;

/**
 * Changes to a player's LINE account that send no message (`userId`, no session): link the rich
 * menu of the player's language (docs/LINE.md, "Rich menus").
 */
export const LINE_ACCOUNT_KINDS = ['richMenuLink'] as const;

/** `service`: a LINE MINI App service message (docs/LINE.md, "Service messages"), free, instead of the LINE push. */
const DELIVERY_CHANNELS = ['line', 'email', 'service'] as const;
const channels = /* @__PURE__ */ z.lazy(() => z.array(z.enum(DELIVERY_CHANNELS)));

/** What a notice says about the session, kept on the record since a deleted session cannot be read. */
const sessionFacts = /* @__PURE__ */ z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    venue: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    teamName: z.string().optional(),
    address: z.string().optional(),
    region: z.string().optional(),
  }),
);

/** What every record carries, whatever its kind. */
const base = () => ({
  type: z.literal('outbox'),
  id: z.string(),
  /** The player told; empty on group announcements and team alerts. */
  userId: z.string(),
  /** The session; empty on group announcements, which name theirs in `sessionIds`. */
  sessionId: z.string(),
  /** The team told (groups, alerts, news) or billed for the push (change and cancellation notices). */
  teamId: z.string().optional(),
  createdAt: z.string(),
  /** Claims so far; each claim is one delivery attempt. */
  attempts: z.number().optional(),
  /** While a dispatcher holds the item (or a retry waits), nobody else claims it before this. */
  leaseUntil: z.string().optional(),
  claimToken: z.string().optional(),
  /**
   * The LINE push request body (JSON text) rendered at the first attempt. Every retry sends
   * exactly this under the same `X-Line-Retry-Key`, as LINE requires of a retried request.
   */
  lineRequest: z.string().optional(),
  /**
   * The version of the booking's notification token a service message was sent with (marked
   * before the send, which has no retry key): a retry whose token LINE refuses, or that finds the
   * token changed, knows the first send went and sends nothing again. Never the token itself.
   */
  serviceAttempt: z.string().optional(),
  /** Channels already sent on an earlier attempt; a retry does not send them again. */
  channelsDone: channels.optional(),
  /** Channels that refused for good on an earlier attempt (LINE 4xx: blocked, unknown user); not tried again. */
  channelsRefused: channels.optional(),
  lastError: z.string().optional(),
  status: z.enum(['delivered', 'skipped', 'failed']).optional(),
  channels: channels.optional(),
  note: z.string().nullable().optional(),
  finishedAt: z.string().optional(),
  ttl: z.number().optional(),
  /** A coalesced change notice's last upsert (`#bookings/notice-window.ts`). */
  updatedAt: z.string().optional(),
});

const sessionIds = /* @__PURE__ */ z.lazy(() => z.array(z.string()).optional());
/** A session change notice's facts: the final state, the state before the window, what changed. */
const changeFacts = () => ({
  session: sessionFacts.optional(),
  previous: sessionFacts.optional(),
  changes: z.array(z.string()).optional(),
});

const kind = <K extends string, F extends z.Shape>(name: K, fields: F) =>
  z.object({ ...base(), kind: z.literal(name), ...fields });

export const outboxSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('kind', [
    /** Why a place was freed (`lotteryDrawn`: a lottery win). */
    kind('promoted', { reason: z.string().optional() }),
    kind('sessionChanged', changeFacts()),
    /** The session as it was when the notice was recorded: a deleted session cannot be read. */
    kind('sessionCancelled', { session: sessionFacts.optional() }),
    kind('bookingReminder', {}),
    /** A team's news: the admin's text. */
    kind('news', { text: z.string().optional() }),
    kind('offered', { reason: z.string().optional(), offerExpiresAt: z.string().optional() }),
    /** `groupCallId`: the same call also goes to the team's group (`groupLastCall`); with a bound group no 1:1 push. */
    kind('lastCall', {
      reason: z.string().optional(),
      lastCallSeats: z.number().optional(),
      groupCallId: z.string().optional(),
      groupCallSize: z.number().optional(),
    }),
    kind('lotteryWaitlisted', { position: z.number().optional() }),
    /** The court of the coming game (or the one the player is on); null: the first that frees. */
    kind('rotationUpNext', { court: z.number().nullable().optional() }),
    kind('groupNewSessions', { sessionIds }),
    kind('groupSignupOpening', { sessionIds }),
    kind('groupPlaceFreed', { sessionIds }),
    kind('groupSessionChanged', { ...changeFacts(), sessionIds }),
    kind('groupSessionCancelled', { sessionIds, session: sessionFacts.optional() }),
    kind('groupNews', { sessionIds, text: z.string().optional() }),
    /** The players called (the first LAST_CALL_NOTICES waiting) and the seats opened. */
    kind('groupLastCall', {
      sessionIds,
      userIds: z.array(z.string()).optional(),
      lastCallSeats: z.number().optional(),
    }),
    /** The name of the team whose code was sent in this team's group. */
    kind('groupBindRefused', { otherTeamName: z.string().optional() }),
    /** The details before and after the change, and the name of the admin who made it. */
    kind('paymentDetailsChanged', {
      before: paymentDetailsSchema.optional(),
      after: paymentDetailsSchema.optional(),
      changedBy: z.string().optional(),
    }),
    /** The menu is the one of the player's language when the notifier delivers it, not when asked. */
    kind('richMenuLink', {}),
  ]),
);

/** A notification record: one type per kind, told apart by `kind`. */
export type OutboxRecord = z.output<typeof outboxSchema>;

/**
 * Records are written by the builders of `#outbox/model.ts` (with their pending-index entry);
 * `encode` is the key of a record put again whole.
 */
export const outboxCodec = /* @__PURE__ */ itemCodec({
  name: 'outbox',
  schema: outboxSchema,
  keys: (r) => key.outbox(r.id),
});
