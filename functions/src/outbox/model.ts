import { index, key, ttlAt } from '#db/keys.ts';

/** What a notice says about the session, kept on the record since a deleted session cannot be read. */
export interface SessionFacts {
  id: string;
  title: string;
  venue: string;
  startsAt: string;
  endsAt: string;
}

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
] as const;
export type UserOutboxKind = (typeof USER_OUTBOX_KINDS)[number];

/** Announcements to a team's bound LINE group (TABLE.md, "Outbox"): `teamId` and `sessionIds`, no user. */
export const GROUP_OUTBOX_KINDS = [
  'groupNewSessions',
  'groupSignupOpening',
  'groupPlaceFreed',
  'groupSessionChanged',
  'groupSessionCancelled',
  'groupNews',
] as const;
export type GroupOutboxKind = (typeof GROUP_OUTBOX_KINDS)[number];

/**
 * Emails to a team's owners (`teamId`, no user): another team's binding code was sent in the
 * team's bound LINE group and refused (README "Team groups and chat commands").
 */
export const TEAM_ALERT_KINDS = ['groupBindRefused'] as const;
export type TeamAlertKind = (typeof TEAM_ALERT_KINDS)[number];

export const OUTBOX_KINDS = [...USER_OUTBOX_KINDS, ...GROUP_OUTBOX_KINDS, ...TEAM_ALERT_KINDS] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const isGroupKind = (kind: OutboxKind): kind is GroupOutboxKind =>
  (GROUP_OUTBOX_KINDS as readonly string[]).includes(kind);
export const isTeamAlertKind = (kind: OutboxKind): kind is TeamAlertKind =>
  (TEAM_ALERT_KINDS as readonly string[]).includes(kind);

export type DeliveryChannel = 'line' | 'email';

/** How a notification record ended: sent on at least one channel, not wanted, or abandoned. */
export type OutboxFinalStatus = 'delivered' | 'skipped' | 'failed';

/**
 * A notification record (key `OUTBOX#id / OUTBOX`), written in the same transaction as the
 * change it announces. While undelivered it sits in the sparse GSI1 partition `OUTBOX#PENDING`
 * with `GSI1SK` = the next instant anyone should look at it, then its id.
 */
export interface OutboxRecord {
  type: 'outbox';
  id: string;
  kind: OutboxKind;
  /** The player told; empty on group announcements. */
  userId: string;
  /** The session; empty on group announcements, which name theirs in `sessionIds`. */
  sessionId: string;
  /** Group announcements: the team whose bound group is told, and the sessions announced. */
  teamId?: string;
  sessionIds?: string[];
  /** A team's news ('news' to a member, 'groupNews' to the group): the admin's text. */
  text?: string;
  createdAt: string;
  /** Why a place was freed, for 'promoted'. */
  reason?: string;
  /** The session as it was when the notice was recorded (change and cancellation notices). */
  session?: SessionFacts;
  /** Claims so far; each claim is one delivery attempt. */
  attempts?: number;
  /** While a dispatcher holds the item (or a retry waits), nobody else claims it before this. */
  leaseUntil?: string;
  claimToken?: string;
  /**
   * The LINE push request body (JSON text) rendered at the first attempt. Every retry sends
   * exactly this under the same `X-Line-Retry-Key`, as LINE requires of a retried request.
   */
  lineRequest?: string;
  /** Channels already sent on an earlier attempt; a retry does not send them again. */
  channelsDone?: DeliveryChannel[];
  /** Channels that refused for good on an earlier attempt (LINE 4xx: blocked, unknown user); not tried again. */
  channelsRefused?: DeliveryChannel[];
  lastError?: string;
  status?: OutboxFinalStatus;
  channels?: DeliveryChannel[];
  note?: string;
  finishedAt?: string;
  ttl?: number;
}

export const OUTBOX_TTL_SECONDS = 30 * 24 * 3600;

/**
 * A new pending notification item for one player, ready for a conditional Put: the engine's
 * promotions, session change and deletion notices and reminders all use it. Group items
 * (`newGroupOutboxItem`) share the same base (`pendingItem`).
 */
export function newOutboxItem(input: {
  id: string;
  kind: UserOutboxKind;
  userId: string;
  sessionId: string;
  now: Date;
  reason?: string;
  /** Extra facts the notice carries (a snapshot of the session, what changed). */
  details?: Record<string, unknown>;
}): OutboxRecord & Record<string, unknown> {
  return pendingItem(input.id, input.kind, input.now, {
    ...(input.reason ? { reason: input.reason } : {}),
    userId: input.userId,
    sessionId: input.sessionId,
    ...input.details,
  });
}

/** The key, pending-index entry, type, creation time and TTL every outbox item carries. */
function pendingItem(
  id: string,
  kind: OutboxKind,
  now: Date,
  fields: { userId: string; sessionId: string } & Record<string, unknown>,
): OutboxRecord & Record<string, unknown> {
  const createdAt = now.toISOString();
  return {
    ...key.outbox(id),
    ...index.pendingOutbox(createdAt, id),
    type: 'outbox',
    id,
    kind,
    createdAt,
    ttl: ttlAt(now, OUTBOX_TTL_SECONDS),
    ...fields,
  };
}

/**
 * A pending announcement to the team's bound LINE group. It has no `userId`/`sessionId` (so
 * the per-session notices stay one per player); the dispatcher reads the team's group and
 * settings when it delivers.
 */
export function newGroupOutboxItem(input: {
  id: string;
  kind: GroupOutboxKind;
  teamId: string;
  sessionIds: string[];
  now: Date;
  details?: Record<string, unknown>;
}): OutboxRecord & Record<string, unknown> {
  return pendingItem(input.id, input.kind, input.now, {
    userId: '',
    sessionId: '',
    teamId: input.teamId,
    sessionIds: input.sessionIds,
    ...input.details,
  });
}

/** A pending email to a team's owners (`TEAM_ALERT_KINDS`); the dispatcher reads their addresses at delivery. */
export function newTeamAlertItem(input: {
  id: string;
  kind: TeamAlertKind;
  teamId: string;
  now: Date;
  details?: Record<string, unknown>;
}): OutboxRecord & Record<string, unknown> {
  return pendingItem(input.id, input.kind, input.now, {
    userId: '',
    sessionId: '',
    teamId: input.teamId,
    ...input.details,
  });
}
