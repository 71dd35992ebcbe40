import {
  GROUP_OUTBOX_KINDS,
  LINE_ACCOUNT_KINDS,
  type OutboxRecord,
  TEAM_ALERT_KINDS,
  USER_OUTBOX_KINDS,
} from '#db/codecs/outbox.ts';
import { index, key, ttlAt } from '#db/keys.ts';

/** What a notice says about the session, kept on the record since a deleted session cannot be read. */
export type SessionFacts = NonNullable<Extract<OutboxRecord, { kind: 'sessionCancelled' }>['session']>;

export { GROUP_OUTBOX_KINDS, LINE_ACCOUNT_KINDS, TEAM_ALERT_KINDS, USER_OUTBOX_KINDS };
export type UserOutboxKind = (typeof USER_OUTBOX_KINDS)[number];
export type GroupOutboxKind = (typeof GROUP_OUTBOX_KINDS)[number];
export type TeamAlertKind = (typeof TEAM_ALERT_KINDS)[number];
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

export type DeliveryChannel = NonNullable<OutboxRecord['channels']>[number];

/** How a notification record ended: sent on at least one channel, not wanted, or abandoned. */
export type OutboxFinalStatus = NonNullable<OutboxRecord['status']>;

type RecordOf<K extends OutboxKind> = Extract<OutboxRecord, { kind: K }>;

/** A notification record (`#db/codecs/outbox.ts`): one type per kind, told apart by `kind`. */
export type { OutboxRecord };
/** A notice to one player. */
export type UserOutboxRecord = RecordOf<UserOutboxKind>;
/** An announcement to a team's bound LINE group. */
export type GroupOutboxRecord = RecordOf<GroupOutboxKind>;
/** An email to a team's owners. */
export type TeamAlertRecord = RecordOf<TeamAlertKind>;
/** A change to a player's LINE account (no message). */
export type LineAccountRecord = RecordOf<LineAccountKind>;

// Every kind has its schema, and the schema no kind of its own.
type SameKinds = [OutboxKind] extends [OutboxRecord['kind']]
  ? [OutboxRecord['kind']] extends [OutboxKind]
    ? true
    : never
  : never;
const sameKinds: SameKinds = true;
void sameKinds;

export const isGroupRecord = (record: OutboxRecord): record is GroupOutboxRecord => isGroupKind(record.kind);
export const isTeamAlertRecord = (record: OutboxRecord): record is TeamAlertRecord => isTeamAlertKind(record.kind);
export const isLineAccountRecord = (record: OutboxRecord): record is LineAccountRecord =>
  isLineAccountKind(record.kind);

/** A new item as its writer builds it, ready for a conditional Put: the base, the kind and its facts. */
export type OutboxItem = Pick<OutboxRecord, 'type' | 'id' | 'userId' | 'sessionId' | 'createdAt'> & {
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
