import type { messagingApi } from '@line/bot-sdk';
import type { NotificationPreferences } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { classifyLineFailure, type LineMessaging, retryKeyFor } from '#line/client.ts';
import { CAROUSEL_MAX } from '#line/flex.ts';
import {
  type DeliveryChannel,
  type GroupOutboxKind,
  isGroupKind,
  isTeamAlertKind,
  type OutboxRecord,
  type SessionFacts,
  type UserOutboxKind,
} from '#outbox/model.ts';
import { OutboxRepository } from '#outbox/repository.ts';
import { type Clock, type IdGenerator, randomId } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import { DEFAULT_PREFERENCES, preferencesOf, type UserRecord, UserRepository } from '#players/repository.ts';
import type { SessionRecord } from '#sessions/model.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { groupAnnouncementsOf, type TeamRecord, TeamRepository, teamLanguageOf } from '#teams/repository.ts';
import { changeNoLongerNews } from './coalesced.ts';
import { newsInGroup, pastDailyCap } from './fan-out.ts';
import { composeGroupMessages, GROUP_ESSENTIAL, GROUP_SETTING_OF } from './group-messages.ts';
import { LineBudget } from './line-budget.ts';
import { LineDailyCap } from './line-daily-cap.ts';
import { LineQuotaGauge, type QuotaReading } from './line-quota.ts';
import { composeNews, composeNotification, notificationLinks } from './messages.ts';
import { sendTeamAlert } from './team-alerts.ts';

/** Which of a player's notification settings governs each kind of notification. */
export const PREFERENCE_OF: Record<UserOutboxKind, keyof NotificationPreferences> = {
  promoted: 'waitlist',
  sessionChanged: 'sessionChange',
  sessionCancelled: 'sessionChange',
  bookingReminder: 'bookingReminder',
  news: 'news',
  offered: 'waitlist',
  lastCall: 'waitlist',
  lotteryWaitlisted: 'waitlist',
};

/** Kinds still pushed by LINE when the channel's quota runs low (README "Notifications"). */
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
};

export interface DispatcherDeps {
  store: Store;
  clock: Clock;
  /** Null when no channel access token is configured: LINE pushes are then not attempted. */
  line: LineMessaging | null;
  /**
   * LINE is part of this deployment (the stack sets it): with `line` null because the channel's
   * token is not filled in yet, LINE deliveries are retried like a LINE outage instead of skipped
   * (docs/DEPLOY.md, "Secrets").
   */
  lineRequired?: boolean;
  mailer: EmailSender;
  /** Links in emails to players who are not LINE users open `${appBaseUrl}/session?id=…`. */
  appBaseUrl: string;
  /**
   * The member app's LIFF id: links in pushes and in emails to LINE users open
   * `https://liff.line.me/<liffId>/session?id=…`. Unset locally, where the LIFF mock serves the
   * app at `appBaseUrl`, so every link is the web URL.
   */
  liffId?: string;
  /** Attempts before a record is abandoned (status 'failed', out of the pending index). */
  maxAttempts?: number;
  /** How long a claim keeps other dispatchers off a record; longer than one delivery takes. */
  leaseMs?: number;
  /** Wait before attempt n+1 after n failed attempts. */
  retryDelayMs?: (failedAttempts: number) => number;
  ids?: IdGenerator;
  log?: Pick<Console, 'warn' | 'error'>;
}

export type DeliveryOutcome =
  | { status: 'delivered'; channels: DeliveryChannel[] }
  | { status: 'skipped'; reason: string }
  | { status: 'retryLater'; attempts: number; error: string }
  | { status: 'failed'; attempts: number; error: string }
  /** Already delivered or abandoned, or another dispatcher holds it right now. */
  | { status: 'notClaimed' };

export const DEFAULT_MAX_ATTEMPTS = 5;
const LINE_NOT_CONFIGURED = 'the LINE channel access token is not set yet';
const DEFAULT_LEASE_MS = 60_000;
/** 30 s, 2 min, 8 min, 32 min: a LINE or SES outage of about 40 minutes is ridden out. */
const defaultRetryDelay = (failedAttempts: number) => Math.min(30_000 * 4 ** (failedAttempts - 1), 3_600_000);

interface ChannelPlan {
  line: string | null;
  email: string | null;
}

const quotaLow = (reading: QuotaReading) =>
  reading.level === 'near' || reading.level === 'over'
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
function toldInGroup(
  kind: UserOutboxKind,
  plan: ChannelPlan,
  team: Pick<TeamRecord, 'lineGroupId' | 'groupAnnouncements'>,
  usage: string | null,
): string | null {
  if (!plan.line || !usage || (kind !== 'sessionChanged' && kind !== 'sessionCancelled')) return null;
  if (!team.lineGroupId || !groupAnnouncementsOf(team).changes) return null;
  plan.line = null;
  return `${usage}: told in the team's group (budget)`;
}

/** Where a player can be reached for this kind, honouring their settings. */
function channelsFor(kind: UserOutboxKind, user: UserRecord, lineEnabled: boolean): ChannelPlan | string {
  const preferences = { ...DEFAULT_PREFERENCES, ...(user.preferences ?? {}) };
  if (!preferences[PREFERENCE_OF[kind]]) return `preference ${PREFERENCE_OF[kind]} is off`;
  const plan: ChannelPlan = {
    line: preferences.line && lineEnabled && user.provider === 'line' && user.providerSub ? user.providerSub : null,
    email: preferences.email && user.emailVerified && user.email ? user.email : null,
  };
  if (!plan.line && !plan.email) {
    return preferences.line || preferences.email ? 'no channel reaches this user' : 'preference channels are off';
  }
  return plan;
}

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * Delivers outbox records: LINE push in the player's language and, when they verified an
 * email, an email. At most once per record across any number of concurrent dispatchers
 * (claim with a conditional write, finish only while holding the claim), and LINE itself
 * drops a retried push with the same `X-Line-Retry-Key`.
 */
export class OutboxDispatcher {
  private readonly outbox: OutboxRepository;
  private readonly users: UserRepository;
  private readonly sessions: SessionRepository;
  private readonly teams: TeamRepository;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly retryDelayMs: (failedAttempts: number) => number;
  private readonly ids: IdGenerator;
  private readonly log: Pick<Console, 'warn' | 'error'>;
  private readonly quota: LineQuotaGauge | null;
  private readonly budget: LineBudget | null;
  private readonly dailyCap: LineDailyCap | null;

  constructor(private readonly deps: DispatcherDeps) {
    this.outbox = new OutboxRepository(deps.store);
    this.users = new UserRepository(deps.store);
    this.sessions = new SessionRepository(deps.store);
    this.teams = new TeamRepository(deps.store);
    this.maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
    this.retryDelayMs = deps.retryDelayMs ?? defaultRetryDelay;
    this.ids = deps.ids ?? randomId;
    this.log = deps.log ?? console;
    // One gauge per dispatcher, so one quota reading per process every few minutes.
    this.quota = deps.line ? new LineQuotaGauge(deps.line, deps.clock, { log: this.log }) : null;
    this.budget = deps.line ? new LineBudget(deps.store, deps.line, deps.clock, this.log) : null;
    this.dailyCap = deps.line ? new LineDailyCap(deps.store, deps.clock, this.log) : null;
  }

  async deliver(item: Pick<OutboxRecord, 'id'>): Promise<DeliveryOutcome> {
    const claimToken = this.ids();
    const record = await this.outbox.claim(item.id, claimToken, this.deps.clock.now(), this.leaseMs);
    if (!record) return { status: 'notClaimed' };
    try {
      return await this.attempt(record, claimToken);
    } catch (error) {
      return this.failAttempt(record, claimToken, describeError(error), {
        done: record.channelsDone ?? [],
        refused: record.channelsRefused ?? [],
      });
    }
  }

  private async attempt(record: OutboxRecord, claimToken: string): Promise<DeliveryOutcome> {
    if (isGroupKind(record.kind)) return this.attemptGroup(record, record.kind, claimToken);
    if (isTeamAlertKind(record.kind)) {
      // Email only; a failed send throws and the record is retried (`deliver`).
      const alert = await sendTeamAlert(this.deps, record);
      if ('skipped' in alert) return this.finishSkipped(record, claimToken, alert.skipped);
      await this.finish(record, claimToken, { status: 'delivered', channels: ['email'] });
      return { status: 'delivered', channels: ['email'] };
    }
    const kind = record.kind;
    const news = kind === 'news';
    const [user, stored, team] = await Promise.all([
      this.users.get(record.userId),
      news ? null : this.sessions.get(record.sessionId),
      news && record.teamId ? this.teams.get(record.teamId) : null,
    ]);
    const stale = changeNoLongerNews(record, stored);
    if (stale) return this.finishSkipped(record, claimToken, stale);
    // A deleted session is gone from the table; its notice carries a snapshot taken in the same transaction.
    const session = record.kind === 'sessionCancelled' ? (record.session ?? stored) : (stored ?? record.session);
    if (!user || (news ? !team : !session)) {
      const gone = news ? 'team no longer exists' : 'session no longer exists';
      return this.finishSkipped(record, claimToken, user ? gone : 'user no longer exists');
    }
    const plan = channelsFor(kind, user, this.deps.line !== null || this.deps.lineRequired === true);
    if (typeof plan === 'string') return this.finishSkipped(record, claimToken, plan);
    const done = new Set<DeliveryChannel>(record.channelsDone ?? []);
    const refused = new Set<DeliveryChannel>(record.channelsRefused ?? []);
    const notes = [...refused].map((channel) => `${channel}: refused on an earlier attempt`);
    // The team the push is billed to (README, Decisions: LINE message budget).
    const teamId = record.teamId ?? stored?.teamId;
    // Once a body is stored the push may have gone out: its retry is never diverted.
    if (this.quota && plan.line && !done.has('line') && !refused.has('line') && !record.lineRequest) {
      const note = divert(kind, plan, quotaLow(await this.quota.read()));
      if (note) notes.push(note);
      const payer = plan.line && this.budget && teamId ? (team ?? (await this.teams.get(teamId))) : null;
      const inGroup = newsInGroup(kind, plan, payer, preferencesOf(user).newsDirect);
      if (inGroup) notes.push(inGroup);
      const usage = payer && plan.line ? await this.budget!.exhausted(payer) : null;
      const over = payer ? (toldInGroup(kind, plan, payer, usage) ?? divert(kind, plan, usage)) : null;
      if (over) notes.push(over);
      // The team's daily cap of 1:1 pushes (README "Limits", "Fan-out"): a place taken per push.
      const capped = payer && plan.line && this.dailyCap ? await this.dailyCap.take(payer) : null;
      if (capped && payer) notes.push(pastDailyCap(kind, plan, payer, capped));
      if (!plan.line && !plan.email) return this.finishSkipped(record, claimToken, notes.join('; '));
    }

    const message =
      news || !session
        ? composeNews({ language: user.language, team: team?.name ?? '', text: record.text ?? '' })
        : composeNotification({
            kind,
            language: user.language,
            session,
            reason: record.reason,
            offerExpiresAt: (record as { offerExpiresAt?: string }).offerExpiresAt,
            position: (record as { position?: number }).position,
            previous: (record as { previous?: SessionFacts }).previous,
            links: notificationLinks({
              sessionId: session.id,
              appBaseUrl: this.deps.appBaseUrl,
              liffId: this.deps.liffId,
              lineUser: user.provider === 'line',
            }),
          });
    const permanent: string[] = [];
    const transient: string[] = [];

    if (plan.line && !done.has('line') && !refused.has('line') && !this.deps.line) {
      transient.push(`line: ${LINE_NOT_CONFIGURED}`);
    } else if (plan.line && !done.has('line') && !refused.has('line')) {
      const rendered: messagingApi.PushMessageRequest = { to: plan.line, messages: message.line };
      const request = record.lineRequest ?? JSON.stringify(rendered);
      if (!record.lineRequest && !(await this.outbox.saveLineRequest(record.id, claimToken, request))) {
        this.log.warn(`Outbox ${record.id}: claim lost before the LINE push`);
        return { status: 'notClaimed' };
      }
      try {
        // The SDK serialises with JSON.stringify, which gives back exactly the stored text.
        const body = JSON.parse(request) as messagingApi.PushMessageRequest;
        await this.deps.line!.pushMessage(body, retryKeyFor(record.id));
        done.add('line');
        if (teamId) await this.budget?.count(teamId, 1);
      } catch (error) {
        const failure = classifyLineFailure(error);
        if (failure === 'alreadyAccepted') {
          done.add('line');
          if (teamId) await this.budget?.count(teamId, 1);
        } else if (failure === 'transient') transient.push(`line: ${describeError(error)}`);
        else {
          refused.add('line');
          permanent.push(`line: ${describeError(error)}`);
        }
      }
    }
    if (plan.email && !done.has('email')) {
      try {
        await this.deps.mailer.send({ to: plan.email, ...message.email });
        done.add('email');
      } catch (error) {
        transient.push(`email: ${describeError(error)}`);
      }
    }

    const channels = [...done];
    const note = [...notes, ...permanent].join('; ');
    if (transient.length > 0) {
      const error = [...permanent, ...transient].join('; ');
      return this.failAttempt(record, claimToken, error, { done: channels, refused: [...refused] });
    }
    if (channels.length === 0) {
      await this.finish(record, claimToken, { status: 'failed', channels, note });
      return { status: 'failed', attempts: record.attempts ?? 1, error: note };
    }
    await this.finish(record, claimToken, { status: 'delivered', channels, ...(note ? { note } : {}) });
    return { status: 'delivered', channels };
  }

  /**
   * One push to the team's bound group, skipped when the group was unbound or the team turned
   * the announcement off by the time of delivery, or (announcements other than changes) when
   * the quota runs low. A retry sends the stored first body under the same retry key.
   */
  private async attemptGroup(
    record: OutboxRecord,
    kind: GroupOutboxKind,
    claimToken: string,
  ): Promise<DeliveryOutcome> {
    const team = record.teamId ? await this.teams.get(record.teamId) : null;
    if (!team?.lineGroupId) return this.finishSkipped(record, claimToken, 'team has no bound LINE group');
    const setting = GROUP_SETTING_OF[kind];
    if (setting && !groupAnnouncementsOf(team)[setting])
      return this.finishSkipped(record, claimToken, `team setting ${setting} is off`);
    if (!this.deps.line) {
      if (!this.deps.lineRequired) return this.finishSkipped(record, claimToken, 'LINE is not configured');
      return this.failAttempt(record, claimToken, `line: ${LINE_NOT_CONFIGURED}`, { done: [], refused: [] });
    }
    let request = record.lineRequest;
    if (!request) {
      const usage = GROUP_ESSENTIAL[kind]
        ? null
        : ((this.quota ? quotaLow(await this.quota.read()) : null) ?? (await this.budget?.exhausted(team)) ?? null);
      if (usage) return this.finishSkipped(record, claimToken, `${usage}: not pushed`);
      const ids = record.sessionIds ?? [];
      const shown = ids.slice(0, CAROUSEL_MAX);
      const read = await Promise.all(shown.map((id) => this.sessions.get(id)));
      const sessions = read.filter((s): s is SessionRecord => s !== null);
      const stale = changeNoLongerNews(record, sessions[0] ?? null);
      if (stale) return this.finishSkipped(record, claimToken, stale);
      const missing = kind === 'groupSessionCancelled' ? !record.session : sessions.length === 0;
      if (kind !== 'groupNews' && missing) {
        return this.finishSkipped(record, claimToken, 'session no longer exists');
      }
      const appUrl = this.deps.liffId ? `https://liff.line.me/${this.deps.liffId}` : this.deps.appBaseUrl;
      const messages = composeGroupMessages({
        kind,
        sessions,
        more: ids.length - shown.length,
        ...(record.session ? { cancelled: record.session } : {}),
        news: { team: team.name, text: record.text ?? '' },
        appUrl,
        language: teamLanguageOf(team),
      });
      const rendered: messagingApi.PushMessageRequest = { to: team.lineGroupId, messages };
      request = JSON.stringify(rendered);
      if (!(await this.outbox.saveLineRequest(record.id, claimToken, request))) {
        this.log.warn(`Outbox ${record.id}: claim lost before the LINE push`);
        return { status: 'notClaimed' };
      }
    }
    const { to } = JSON.parse(request) as messagingApi.PushMessageRequest;
    try {
      await this.deps.line.pushMessage(JSON.parse(request) as messagingApi.PushMessageRequest, retryKeyFor(record.id));
    } catch (error) {
      const failure = classifyLineFailure(error);
      if (failure === 'transient') {
        return this.failAttempt(record, claimToken, `line: ${describeError(error)}`, { done: [], refused: [] });
      }
      if (failure !== 'alreadyAccepted') {
        const note = `line: ${describeError(error)}`;
        await this.finish(record, claimToken, { status: 'failed', channels: [], note });
        return { status: 'failed', attempts: record.attempts ?? 1, error: note };
      }
    }
    // LINE bills a group push once per member of the group.
    if (this.budget) await this.budget.count(team.id, await this.budget.groupSize(to));
    await this.finish(record, claimToken, { status: 'delivered', channels: ['line'] });
    return { status: 'delivered', channels: ['line'] };
  }

  private async finishSkipped(record: OutboxRecord, claimToken: string, reason: string): Promise<DeliveryOutcome> {
    await this.finish(record, claimToken, { status: 'skipped', channels: [], note: reason });
    return { status: 'skipped', reason };
  }

  private async finish(
    record: OutboxRecord,
    claimToken: string,
    outcome: Parameters<OutboxRepository['finish']>[2],
  ): Promise<void> {
    const finished = await this.outbox.finish(record.id, claimToken, outcome, this.deps.clock.now());
    if (!finished) this.log.warn(`Outbox ${record.id}: claim lost before it was marked ${outcome.status}`);
  }

  private async failAttempt(
    record: OutboxRecord,
    claimToken: string,
    error: string,
    channels: { done: DeliveryChannel[]; refused: DeliveryChannel[] },
  ): Promise<DeliveryOutcome> {
    const attempts = record.attempts ?? 1;
    if (attempts >= this.maxAttempts) {
      this.log.error(`Outbox ${record.id}: giving up after ${attempts} attempts: ${error}`);
      await this.finish(record, claimToken, { status: 'failed', channels: channels.done, note: error });
      return { status: 'failed', attempts, error };
    }
    const at = new Date(this.deps.clock.now().getTime() + this.retryDelayMs(attempts));
    await this.outbox.reschedule(record.id, claimToken, {
      at,
      error,
      channelsDone: channels.done,
      channelsRefused: channels.refused,
    });
    return { status: 'retryLater', attempts, error };
  }
}
