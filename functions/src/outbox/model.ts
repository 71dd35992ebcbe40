import type { PaymentDetails } from '@shuttle/shared';
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
  /** The player opted in on the rotation board and is newly up next (docs/ON-COURT.md): LINE only, once a session. */
  'rotationUpNext',
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
  /** A last call told in the bound group: one message mentioning the waiting players (docs/FAIR-SIGNUP.md). */
  'groupLastCall',
] as const;
export type GroupOutboxKind = (typeof GROUP_OUTBOX_KINDS)[number];

/**
 * Emails to a team's owners (`teamId`, no user): another team's binding code was sent in the
 * team's bound LINE group and refused (docs/LINE.md, "Team groups and chat commands"); where
 * players pay changed (docs/MONEY.md, "Who changes where players pay").
 */
export const TEAM_ALERT_KINDS = ['groupBindRefused', 'paymentDetailsChanged'] as const;
export type TeamAlertKind = (typeof TEAM_ALERT_KINDS)[number];

/**
 * Changes to a player's LINE account that send no message (`userId`, no session): link the rich
 * menu of the player's language (docs/LINE.md, "Rich menus").
 */
export const LINE_ACCOUNT_KINDS = ['richMenuLink'] as const;
type LineAccountKind = (typeof LINE_ACCOUNT_KINDS)[number];

export const OUTBOX_KINDS = [
  ...USER_OUTBOX_KINDS,
  ...GROUP_OUTBOX_KINDS,
  ...TEAM_ALERT_KINDS,
  ...LINE_ACCOUNT_KINDS,
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const isGroupKind = (kind: OutboxKind): kind is GroupOutboxKind =>
  (GROUP_OUTBOX_KINDS as readonly string[]).includes(kind);
export const isTeamAlertKind = (kind: OutboxKind): kind is TeamAlertKind =>
  (TEAM_ALERT_KINDS as readonly string[]).includes(kind);
const isLineAccountKind = (kind: OutboxKind): kind is LineAccountKind =>
  (LINE_ACCOUNT_KINDS as readonly string[]).includes(kind);

/** `service`: a LINE MINI App service message (docs/LINE.md, "Service messages"), free, instead of the LINE push. */
export type DeliveryChannel = 'line' | 'email' | 'service';

/** How a notification record ended: sent on at least one channel, not wanted, or abandoned. */
export type OutboxFinalStatus = 'delivered' | 'skipped' | 'failed';

/**
 * What every notification record (key `OUTBOX#id / OUTBOX`) carries, whatever its kind: written
 * in the same transaction as the change it announces. While undelivered it sits in the sparse
 * GSI1 partition `OUTBOX#PENDING` with `GSI1SK` = the next instant anyone should look at it, then its id.
 */
interface OutboxBase {
  type: 'outbox';
  id: string;
  /** The player told; empty on group announcements and team alerts. */
  userId: string;
  /** The session; empty on group announcements, which name theirs in `sessionIds`. */
  sessionId: string;
  /** The team told (groups, alerts, news) or billed for the push (change and cancellation notices). */
  teamId?: string;
  createdAt: string;
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
  /**
   * The version of the booking's notification token a service message was sent with (marked
   * before the send, which has no retry key): a retry whose token LINE refuses, or that finds the
   * token changed, knows the first send went and sends nothing again. Never the token itself.
   */
  serviceAttempt?: string;
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

/** The session before the first of a window's coalesced changes (`#bookings/notice-window.ts`). */
type PreviousFacts = SessionFacts & { address?: string; region?: string };

/** A session change notice's facts (`addChangeNotices`): the final state, the state before, what changed. */
interface ChangeFacts {
  session?: SessionFacts;
  previous?: PreviousFacts;
  changes?: string[];
}

/** What each kind of record carries besides the base (TABLE.md, "Outbox"). */
interface OutboxFieldsOf {
  /** Why a place was freed (`lotteryDrawn`: a lottery win). */
  promoted: { reason?: string };
  sessionChanged: ChangeFacts;
  /** The session as it was when the notice was recorded: a deleted session cannot be read. */
  sessionCancelled: { session?: SessionFacts };
  bookingReminder: Record<never, never>;
  /** A team's news: the admin's text. */
  news: { text?: string };
  offered: { reason?: string; offerExpiresAt?: string };
  /** `groupCallId`: the same call also goes to the team's group (`groupLastCall`); with a bound group no 1:1 push. */
  lastCall: { reason?: string; lastCallSeats?: number; groupCallId?: string; groupCallSize?: number };
  lotteryWaitlisted: { position?: number };
  /** The court of the coming game (or the one the player is on); null: the first that frees. */
  rotationUpNext: { court?: number | null };
  groupNewSessions: { sessionIds?: string[] };
  groupSignupOpening: { sessionIds?: string[] };
  groupPlaceFreed: { sessionIds?: string[] };
  groupSessionChanged: ChangeFacts & { sessionIds?: string[] };
  groupSessionCancelled: { sessionIds?: string[]; session?: SessionFacts };
  groupNews: { sessionIds?: string[]; text?: string };
  /** The players called (the first LAST_CALL_NOTICES waiting) and the seats opened. */
  groupLastCall: { sessionIds?: string[]; userIds?: string[]; lastCallSeats?: number };
  /** The name of the team whose code was sent in this team's group. */
  groupBindRefused: { otherTeamName?: string };
  /** The details before and after the change, and the name of the admin who made it. */
  paymentDetailsChanged: { before?: PaymentDetails; after?: PaymentDetails; changedBy?: string };
  /** The menu is the one of the player's language when the notifier delivers it, not when asked. */
  richMenuLink: Record<never, never>;
}

type RecordOf<K extends OutboxKind> = { [P in K]: OutboxBase & { kind: P } & OutboxFieldsOf[P] }[K];

/** A notification record: one type per kind, told apart by `kind`. */
export type OutboxRecord = RecordOf<OutboxKind>;
/** A notice to one player. */
export type UserOutboxRecord = RecordOf<UserOutboxKind>;
/** An announcement to a team's bound LINE group. */
export type GroupOutboxRecord = RecordOf<GroupOutboxKind>;
/** An email to a team's owners. */
export type TeamAlertRecord = RecordOf<TeamAlertKind>;
/** A change to a player's LINE account (no message). */
export type LineAccountRecord = RecordOf<LineAccountKind>;

export const isGroupRecord = (record: OutboxRecord): record is GroupOutboxRecord => isGroupKind(record.kind);
export const isTeamAlertRecord = (record: OutboxRecord): record is TeamAlertRecord => isTeamAlertKind(record.kind);
export const isLineAccountRecord = (record: OutboxRecord): record is LineAccountRecord =>
  isLineAccountKind(record.kind);

/** A new item as its writer builds it, ready for a conditional Put: the base, the kind and its facts. */
export type OutboxItem = Pick<OutboxBase, 'type' | 'id' | 'userId' | 'sessionId' | 'createdAt'> & {
  kind: OutboxKind;
} & Record<string, unknown>;

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
}): OutboxItem {
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
): OutboxItem {
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
}): OutboxItem {
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
}): OutboxItem {
  return pendingItem(input.id, input.kind, input.now, {
    userId: '',
    sessionId: '',
    teamId: input.teamId,
    ...input.details,
  });
}

/**
 * A pending rich menu link for one player (`richMenuLink`): written at a LINE sign-in, a
 * language change and a follow; the notifier, which holds the channel token, links the menu.
 */
export function newRichMenuLinkItem(input: { id: string; userId: string; now: Date }): OutboxItem {
  return pendingItem(input.id, 'richMenuLink', input.now, { userId: input.userId, sessionId: '' });
}
