import type { NotificationPreferences } from '@shuttle/shared';
import type { UserOutboxKind } from '#outbox/model.ts';
import { preferencesOf, type UserRecord } from '#players/repository.ts';
import { groupAnnouncementsOf, type TeamRecord } from '#teams/repository.ts';
import type { QuotaReading } from './line-quota.ts';

/**
 * Where one notice to one player goes: LINE, email, both or neither, and why (the note kept on
 * the record). Pure: the dispatcher reads the state it asks for (`need`) and decides again.
 */

/**
 * Which of a player's notification settings governs each kind of notification; null: the player
 * asked for this very notice (the rotation board's up-next opt-in, docs/ON-COURT.md).
 */
export const PREFERENCE_OF: Record<UserOutboxKind, keyof NotificationPreferences | null> = {
  promoted: 'waitlist',
  sessionChanged: 'sessionChange',
  sessionCancelled: 'sessionChange',
  bookingReminder: 'bookingReminder',
  news: 'news',
  offered: 'waitlist',
  lastCall: 'waitlist',
  lotteryWaitlisted: 'waitlist',
  rotationUpNext: null,
};

/** Kinds sent by LINE only: no e-mail, skipped (with a note) when no LINE push reaches the player. */
const LINE_ONLY: ReadonlySet<UserOutboxKind> = new Set(['rotationUpNext']);

/** Kinds still pushed by LINE when the channel's quota runs low (docs/ARCHITECTURE.md, "Overview"). */
export const ESSENTIAL: Record<UserOutboxKind, boolean> = {
  promoted: true,
  sessionChanged: true,
  sessionCancelled: true,
  bookingReminder: false,
  news: true,
  offered: true,
  lastCall: true,
  // Informational (the app shows the draw and the place): email only when LINE is short.
  lotteryWaitlisted: false,
  // A convenience the board shows anyway: not pushed when LINE is short.
  rotationUpNext: false,
};

/**
 * Whether a booking notice may go as a LINE MINI App service message (docs/LINE.md, "Service
 * messages"): to a LINE player who keeps this kind of notice and LINE on. A player who blocked
 * the Official Account still gets it: it comes from the "LINE MINI App 通知" chat, not the account.
 */
export function serviceMessageWanted(
  kind: UserOutboxKind,
  user: Pick<UserRecord, 'provider' | 'providerSub' | 'preferences'>,
): boolean {
  const preferences = preferencesOf(user);
  const preference = PREFERENCE_OF[kind];
  return (
    user.provider === 'line' &&
    Boolean(user.providerSub) &&
    preferences.line &&
    (!preference || preferences[preference])
  );
}

/** Where one notice goes: a LINE user id and an email, each or null. */
interface ChannelPlan {
  line: string | null;
  email: string | null;
}

type GroupTeam = Pick<TeamRecord, 'lineGroupId' | 'groupAnnouncements'>;

/**
 * The LINE limits as far as they are known; each stays unset until read. `payer` is the team the
 * push is billed to (docs/DECISIONS.md: LINE message budget), null when none; `budget` and
 * `dailyCap` the notes of a team at its monthly budget or its daily cap of 1:1 pushes, else null.
 */
export interface ChannelLimits<T extends GroupTeam = GroupTeam> {
  quota?: QuotaReading | null;
  payer?: T | null;
  budget?: string | null;
  dailyCap?: string | null;
}

export interface PlanInput<T extends GroupTeam = GroupTeam> {
  kind: UserOutboxKind;
  user: Pick<UserRecord, 'provider' | 'providerSub' | 'email' | 'emailVerified' | 'preferences' | 'lineBlockedAt'>;
  /** LINE is configured, or required by the deployment (its deliveries are then retried). */
  lineEnabled: boolean;
  /** The LINE limits apply: a first LINE push (a retry of a stored body is never diverted). */
  limited: boolean;
  /** A last call also told in the team's group (`groupLastCall`): no 1:1 push while a group is bound. */
  groupCall?: boolean;
  limits: ChannelLimits<T>;
}

export type ChannelDecision<T extends GroupTeam = GroupTeam> =
  | { skipped: string }
  /** Read this and decide again: a LINE push is still planned and the next limit is unknown. */
  | { need: 'quota' | 'payer' }
  | { need: 'budget' | 'dailyCap'; payer: T }
  | (ChannelPlan & { notes: string[] });

/** The note of a channel whose month is within 10% of its limit or past it, else null. */
export const quotaLow = (reading: QuotaReading | null | undefined) =>
  reading && (reading.level === 'near' || reading.level === 'over')
    ? `LINE quota ${reading.level} (${reading.used}/${reading.limit} pushes this month)`
    : null;

/**
 * With the channel's month within 10% of its limit or past it, or the team at its own budget
 * (`usage` says which): reminders are not pushed, and other kinds go by email instead of LINE to
 * players with a verified email. Returns the note to record.
 */
function divert(kind: UserOutboxKind, plan: ChannelPlan, usage: string | null): string | null {
  if (!plan.line || !usage) return null;
  if (!ESSENTIAL[kind]) {
    plan.line = null;
    return `${usage}: not pushed`;
  }
  if (!plan.email) return null;
  plan.line = null;
  return `${usage}: email instead of LINE`;
}

/**
 * With the team at its own budget (`usage`) and its group bound with change announcements on, a
 * session change or cancellation is not pushed 1:1: the group announcement of the same change
 * (pushed even under budget, `GROUP_ESSENTIAL`) tells the group; email still goes. Returns the note.
 */
function toldInGroup(kind: UserOutboxKind, plan: ChannelPlan, team: GroupTeam, usage: string | null): string | null {
  if (!plan.line || !usage || (kind !== 'sessionChanged' && kind !== 'sessionCancelled')) return null;
  if (!team.lineGroupId || !groupAnnouncementsOf(team).changes) return null;
  plan.line = null;
  return `${usage}: told in the team's group (budget)`;
}

/** The team's bound group tells the same thing as this notice (its own announcement of it). */
function groupTells(kind: UserOutboxKind, team: GroupTeam): boolean {
  if (!team.lineGroupId) return false;
  if (kind === 'news') return true;
  return (kind === 'sessionChanged' || kind === 'sessionCancelled') && groupAnnouncementsOf(team).changes;
}

/**
 * With the team's group bound, news is not pushed 1:1 to a member who did not ask for news 1:1
 * (`newsDirect`): the group push tells them, and LINE would bill the same news twice
 * (docs/LINE.md, "Team news"). Email still goes. Returns the note.
 */
function newsInGroup(kind: UserOutboxKind, plan: ChannelPlan, team: GroupTeam | null, newsDirect: boolean) {
  if (kind !== 'news' || !plan.line || newsDirect || !team?.lineGroupId) return null;
  plan.line = null;
  return "told in the team's group (no 1:1 news wished)";
}

/**
 * Past the team's daily cap of 1:1 pushes (`LineDailyCap`): no LINE push; the bound group's
 * own announcement tells changes, cancellations and news, a verified email gets the notice,
 * else the app shows it. Returns the note.
 */
function pastDailyCap(kind: UserOutboxKind, plan: ChannelPlan, team: GroupTeam, capNote: string): string {
  plan.line = null;
  if (groupTells(kind, team)) return `${capNote}: told in the team's group`;
  return plan.email ? `${capNote}: email instead of LINE` : `${capNote}: shown in the app only`;
}

/**
 * The channels of one notice to one player: their settings first (the kind's preference, LINE
 * and email on, a LINE account, a verified email), then, while a first LINE push is planned, the
 * limits in the order they are read: the channel's monthly quota, news the team's group tells,
 * the team's monthly budget, the team's daily cap of 1:1 pushes (functions/src/app/LIMITS.md,
 * "Fan-out"). Each limit is asked for (`need`) only while the push is still planned, so the
 * dispatcher reads no more than it must and takes a daily-cap place only for a push that goes.
 */
export function planChannels<T extends GroupTeam>(input: PlanInput<T>): ChannelDecision<T> {
  const { kind, user, limits } = input;
  const preferences = preferencesOf(user);
  const preference = PREFERENCE_OF[kind];
  if (preference && !preferences[preference]) return { skipped: `preference ${preference} is off` };
  // A player who blocked the official account gets no push, and none is counted (docs/LINE.md, "Blocked players").
  const blocked = Boolean(user.lineBlockedAt) && user.provider === 'line';
  const plan: ChannelPlan = {
    line:
      preferences.line && input.lineEnabled && user.provider === 'line' && user.providerSub && !blocked
        ? user.providerSub
        : null,
    email: preferences.email && user.emailVerified && user.email && !LINE_ONLY.has(kind) ? user.email : null,
  };
  if (!plan.line && !plan.email) {
    if (blocked) return { skipped: 'blocked the LINE account: shown in the app only' };
    if (LINE_ONLY.has(kind)) return { skipped: 'LINE only (up next): no LINE push reaches this user, no e-mail' };
    return {
      skipped: preferences.line || preferences.email ? 'no channel reaches this user' : 'preference channels are off',
    };
  }
  const notes: string[] = blocked ? ['blocked the LINE account: email instead of LINE'] : [];
  const decided = () => ({ ...plan, notes });
  const note = (text: string | null) => {
    if (text) notes.push(text);
  };
  if (!input.limited || !plan.line) return decided();
  if (limits.quota === undefined) return { need: 'quota' };
  note(divert(kind, plan, quotaLow(limits.quota)));
  if (!plan.line) return decided();
  if (limits.payer === undefined) return { need: 'payer' };
  const payer = limits.payer;
  note(newsInGroup(kind, plan, payer, preferences.newsDirect));
  // A last call with a bound group mentions the player there instead (docs/FAIR-SIGNUP.md, "Last call").
  if (kind === 'lastCall' && input.groupCall && payer?.lineGroupId) {
    plan.line = null;
    notes.push("mentioned in the team's group (last call)");
  }
  if (!payer || !plan.line) return decided();
  if (limits.budget === undefined) return { need: 'budget', payer };
  note(toldInGroup(kind, plan, payer, limits.budget) ?? divert(kind, plan, limits.budget));
  if (!plan.line) return decided();
  if (limits.dailyCap === undefined) return { need: 'dailyCap', payer };
  if (limits.dailyCap) note(pastDailyCap(kind, plan, payer, limits.dailyCap));
  return decided();
}
