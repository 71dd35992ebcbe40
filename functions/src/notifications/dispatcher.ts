import type { messagingApi } from '@line/bot-sdk';
import { DEFAULT_LANGUAGE } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { classifyLineFailure, isQuotaRefusal, type LineMessaging, retryKeyFor } from '#line/client.ts';
import {
  type DeliveryChannel,
  isGroupRecord,
  isLineAccountRecord,
  isTeamAlertRecord,
  type OutboxRecord,
  type UserOutboxRecord,
} from '#outbox/model.ts';
import type { OutboxRepository } from '#outbox/repository.ts';
import { type Clock, type IdGenerator, randomId } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import { BUSINESS_METRICS, count } from '#platform/metrics.ts';
import type { PlayerRepository } from '#players/repository.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { LineUsageRepository } from '#teams/line-usage-repository.ts';
import type { TeamOwners } from '#teams/owners.ts';
import type { TeamRecord, TeamRepository } from '#teams/repository.ts';
import {
  type ChannelDecision,
  type ChannelLimits,
  type PlanInput,
  planChannels,
  serviceMessageWanted,
} from './channel-plan.ts';
import { changeNoLongerNews } from './coalesced.ts';
import {
  AttemptEnd,
  type DeliveryOutcome,
  describeError,
  LINE_NOT_CONFIGURED,
  type LineTools,
  lineToolsFor,
} from './delivery.ts';
import { toldInGroupCall } from './group-call.ts';
import { deliverToGroup } from './group-delivery.ts';
import { composeNews, composeNotification, formatSessionTime, notificationLinks } from './messages.ts';
import { paymentDueLines } from './payment-due.ts';
import { deliverRichMenuLink } from './rich-menu-delivery.ts';
import { isServiceKind } from './service-catalog.ts';
import { type ServiceMessaging, sendServiceMessage } from './service-delivery.ts';
import { sendTeamAlert } from './team-alerts.ts';

/** The repositories a dispatcher reads and writes (built by the composition root, app/jobs.ts `notifierRepositories`). */
export interface NotifierRepositories {
  outbox: OutboxRepository;
  users: PlayerRepository;
  sessions: SessionRepository;
  teams: TeamRepository;
  usage: LineUsageRepository;
  owners: TeamOwners;
}

export interface DispatcherDeps {
  store: Store;
  clock: Clock;
  repositories: NotifierRepositories;
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
  /**
   * LINE MINI App mode (the stage's `miniApp`, `SHUTTLE_MINI_APP=on`): links open the permanent
   * `https://miniapp.line.me/<liffId>/…`. Off (the default): every request is as before.
   */
  miniApp?: boolean;
  /**
   * Service messages (docs/LINE.md, "Service messages"): set in MINI App mode once the MINI App
   * channel is configured; a booking notice then goes as a free service message while the
   * booking's token lasts, and through the channel plan otherwise.
   */
  service?: ServiceMessaging | null;
  /** Attempts before a record is abandoned (status 'failed', out of the pending index). */
  maxAttempts?: number;
  /** How long a claim keeps other dispatchers off a record; longer than one delivery takes. */
  leaseMs?: number;
  /** Wait before attempt n+1 after n failed attempts. */
  retryDelayMs?: (failedAttempts: number) => number;
  ids?: IdGenerator;
  log?: Pick<Console, 'warn' | 'error'>;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_LEASE_MS = 60_000;
/** 30 s, 2 min, 8 min, 32 min: a LINE or SES outage of about 40 minutes is ridden out. */
const defaultRetryDelay = (failedAttempts: number) => Math.min(30_000 * 4 ** (failedAttempts - 1), 3_600_000);

type LimitNeed = Extract<ChannelDecision<TeamRecord>, { need: string }>;

/** What a player's notice says besides the session, by kind (`composeNotification`). */
const noticeFacts = (record: UserOutboxRecord) => ({
  reason: 'reason' in record ? record.reason : undefined,
  offerExpiresAt: 'offerExpiresAt' in record ? record.offerExpiresAt : undefined,
  position: 'position' in record ? record.position : undefined,
  previous: 'previous' in record ? record.previous : undefined,
  court: 'court' in record ? record.court : undefined,
});

/**
 * Delivers outbox records: LINE push in the player's language and, when they verified an
 * email, an email; group announcements (`group-delivery.ts`) and owner alerts (`team-alerts.ts`).
 * Where a player's notice goes is `planChannels` (`channel-plan.ts`). At most once per record
 * across any number of concurrent dispatchers (claim with a conditional write, finish only while
 * holding the claim), and LINE itself drops a retried push with the same `X-Line-Retry-Key`.
 */
export class OutboxDispatcher {
  private readonly outbox: OutboxRepository;
  private readonly users: PlayerRepository;
  private readonly sessions: SessionRepository;
  private readonly teams: TeamRepository;
  private readonly usage: LineUsageRepository;
  private readonly leaseMs: number;
  private readonly ids: IdGenerator;
  private readonly log: Pick<Console, 'warn' | 'error'>;
  private readonly line: LineTools | null;
  private readonly end: AttemptEnd;
  private service: ServiceMessaging | null;

  constructor(private readonly deps: DispatcherDeps) {
    this.service = deps.service ?? null;
    ({ outbox: this.outbox, users: this.users, sessions: this.sessions, teams: this.teams } = deps.repositories);
    this.usage = deps.repositories.usage;
    this.leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
    this.ids = deps.ids ?? randomId;
    this.log = deps.log ?? console;
    this.line = lineToolsFor(deps.line, deps.store, this.usage, deps.clock, this.log);
    this.end = new AttemptEnd(
      this.outbox,
      deps.clock,
      { maxAttempts: deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, retryDelayMs: deps.retryDelayMs ?? defaultRetryDelay },
      this.log,
    );
  }

  /** The service messages of this invocation (the MINI App secret is read per invocation on AWS). */
  /** Pending records due by `now`, oldest first (the poller's and the sweep's read). */
  due(now: Date, limit: number): Promise<OutboxRecord[]> {
    return this.outbox.due(now, limit);
  }

  useService(service: ServiceMessaging | null): void {
    this.service = service;
  }

  async deliver(item: Pick<OutboxRecord, 'id'>): Promise<DeliveryOutcome> {
    const claimToken = this.ids();
    const record = await this.outbox.claim(item.id, claimToken, this.deps.clock.now(), this.leaseMs);
    if (!record) return { status: 'notClaimed' };
    try {
      return await this.attempt(record, claimToken);
    } catch (error) {
      return this.end.failed(record, claimToken, describeError(error), {
        done: record.channelsDone ?? [],
        refused: record.channelsRefused ?? [],
      });
    }
  }

  private async attempt(record: OutboxRecord, claimToken: string): Promise<DeliveryOutcome> {
    if (isGroupRecord(record)) {
      const { outbox, sessions, teams, users, end, log, line } = this;
      const { lineRequired, appBaseUrl, liffId, miniApp } = this.deps;
      const deps = { outbox, sessions, teams, users, end, log, line, lineRequired, appBaseUrl, liffId, miniApp };
      return deliverToGroup(deps, record, claimToken);
    }
    if (isTeamAlertRecord(record)) {
      // Email only; a failed send throws and the record is retried (`deliver`).
      const alert = await sendTeamAlert({ ...this.deps.repositories, mailer: this.deps.mailer }, record);
      if ('skipped' in alert) return this.end.skipped(record, claimToken, alert.skipped);
      await this.end.finish(record, claimToken, { status: 'delivered', channels: ['email'] });
      return { status: 'delivered', channels: ['email'] };
    }
    if (isLineAccountRecord(record)) {
      const deps = { users: this.users, line: this.deps.line, lineRequired: this.deps.lineRequired, end: this.end };
      return deliverRichMenuLink(deps, record, claimToken);
    }
    return this.attemptPlayer(record, claimToken);
  }

  /**
   * A notice to one player: a booking notice first as a free service message while the booking's
   * token lasts (MINI App mode, docs/LINE.md "Service messages"), then on the channels
   * `planChannels` picks (the LINE push only when no service message told it), each sent at most once.
   */
  private async attemptPlayer(record: UserOutboxRecord, claimToken: string): Promise<DeliveryOutcome> {
    const { end } = this;
    const kind = record.kind;
    const news = kind === 'news';
    const [user, stored, team] = await Promise.all([
      this.users.get(record.userId),
      news ? null : this.sessions.get(record.sessionId),
      news && record.teamId ? this.teams.get(record.teamId) : null,
    ]);
    const stale = changeNoLongerNews(record, stored);
    if (stale) return end.skipped(record, claimToken, stale);
    // A deleted session is gone from the table; its notice carries a snapshot taken in the same transaction.
    const snapshot = 'session' in record ? record.session : undefined;
    const session = kind === 'sessionCancelled' ? (snapshot ?? stored) : (stored ?? snapshot);
    if (!user || (news ? !team : !session)) {
      const gone = news ? 'team no longer exists' : 'session no longer exists';
      return end.skipped(record, claimToken, user ? gone : 'user no longer exists');
    }
    const done = new Set<DeliveryChannel>(record.channelsDone ?? []);
    const refused = new Set<DeliveryChannel>(record.channelsRefused ?? []);
    const notes = [...refused].map((channel) => `${channel}: refused on an earlier attempt`);
    // The team the push is billed to (docs/DECISIONS.md: LINE message budget).
    const teamId = record.teamId ?? stored?.teamId;
    const links = session
      ? notificationLinks({
          sessionId: session.id,
          appBaseUrl: this.deps.appBaseUrl,
          liffId: this.deps.liffId,
          lineUser: user.provider === 'line',
          miniApp: this.deps.miniApp,
        })
      : { line: '', email: '' };
    // A reminder tells a player who owes what and where to pay: two more GetItems, reminders only, once.
    let paymentDue: Promise<string | undefined> | undefined;
    const paymentDueOnce = () => {
      paymentDue ??=
        kind === 'bookingReminder' && stored
          ? paymentDueLines({ sessions: this.sessions, teams: this.teams }, stored, record.userId, user.language)
          : Promise.resolve(undefined);
      return paymentDue;
    };

    const service = this.service;
    // Never after a push was rendered (it may have gone out) or sent, nor after LINE refused this notice's send.
    const untold = !done.has('service') && !refused.has('service') && !done.has('line') && !record.lineRequest;
    if (service && session && untold && isServiceKind(record.kind) && serviceMessageWanted(record.kind, user)) {
      const language = user.language ?? DEFAULT_LANGUAGE;
      const previous = 'previous' in record && record.previous ? record.previous : undefined;
      const outcome = await sendServiceMessage(
        {
          messaging: service,
          outbox: this.outbox,
          clock: this.deps.clock,
          counted: () => (teamId ? this.countService(teamId) : Promise.resolve()),
        },
        { ...record, kind: record.kind },
        claimToken,
        {
          ...noticeFacts(record),
          kind: record.kind,
          language,
          session,
          when: formatSessionTime(session.startsAt, session.endsAt, language),
          link: links.line,
          paymentDue: await paymentDueOnce(),
          previous: previous
            ? { when: formatSessionTime(previous.startsAt, previous.endsAt, language), venue: previous.venue }
            : undefined,
        },
      );
      if (outcome.status === 'notClaimed') return outcome;
      if (outcome.status === 'retry') {
        return end.failed(record, claimToken, outcome.error, { done: [...done], refused: [...refused] });
      }
      if (outcome.status === 'sent') done.add('service');
      if (outcome.status === 'fallBack' && outcome.refused) refused.add('service');
      if (outcome.note) notes.push(outcome.note);
    }
    const byService = done.has('service');

    const input: PlanInput<TeamRecord> = {
      kind,
      user,
      // Told by a service message: no LINE push; an e-mail still goes as the plan says.
      lineEnabled: !byService && (this.deps.line !== null || this.deps.lineRequired === true),
      // Once a body is stored the push may have gone out: its retry is never diverted.
      limited: this.line !== null && !done.has('line') && !refused.has('line') && !record.lineRequest,
      groupCall: await toldInGroupCall(this.line, this.teams, record, teamId),
      limits: {},
    };
    let decision = planChannels(input);
    while ('need' in decision) {
      input.limits = { ...input.limits, ...(await this.readLimit(decision, teamId, team)) };
      decision = planChannels(input);
    }
    if ('skipped' in decision && !byService) return end.skipped(record, claimToken, decision.skipped);
    const plan = 'skipped' in decision ? { line: null, email: null } : decision;
    if ('notes' in decision) notes.push(...decision.notes);
    if (!plan.line && !plan.email && !byService) return end.skipped(record, claimToken, notes.join('; '));

    const message =
      record.kind === 'news' || !session
        ? composeNews({
            language: user.language,
            team: team?.name ?? '',
            text: ('text' in record ? record.text : undefined) ?? '',
          })
        : composeNotification({
            kind,
            language: user.language,
            session,
            ...noticeFacts(record),
            paymentDue: await paymentDueOnce(),
            links,
          });
    const permanent: string[] = [];
    const transient: string[] = [];

    const line = this.line;
    if (plan.line && !done.has('line') && !refused.has('line') && !line) {
      transient.push(`line: ${LINE_NOT_CONFIGURED}`);
    } else if (plan.line && line && !done.has('line') && !refused.has('line')) {
      const rendered: messagingApi.PushMessageRequest = { to: plan.line, messages: message.line };
      const request = record.lineRequest ?? JSON.stringify(rendered);
      if (!record.lineRequest && !(await this.outbox.saveLineRequest(record.id, claimToken, request))) {
        this.log.warn(`Outbox ${record.id}: claim lost before the LINE push`);
        return { status: 'notClaimed' };
      }
      try {
        // The SDK serialises with JSON.stringify, which gives back exactly the stored text.
        const body: messagingApi.PushMessageRequest = JSON.parse(request);
        await line.client.pushMessage(body, retryKeyFor(record.id));
        count(BUSINESS_METRICS.pushes);
        done.add('line');
        if (teamId) await line.budget.count(teamId, 1);
      } catch (error) {
        const failure = classifyLineFailure(error);
        if (isQuotaRefusal(error)) count(BUSINESS_METRICS.quotaRefusals);
        if (failure === 'alreadyAccepted') {
          done.add('line');
          if (teamId) await line.budget.count(teamId, 1);
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
      return end.failed(record, claimToken, error, { done: channels, refused: [...refused] });
    }
    if (channels.length === 0) {
      await end.finish(record, claimToken, { status: 'failed', channels, note });
      return { status: 'failed', attempts: record.attempts ?? 1, error: note };
    }
    await end.finish(record, claimToken, { status: 'delivered', channels, ...(note ? { note } : {}) });
    return { status: 'delivered', channels };
  }

  /** Counts a service message for the team's month (shown beside its billable pushes); never fatal. */
  private async countService(teamId: string): Promise<void> {
    try {
      await this.usage.add(teamId, 1, this.deps.clock.now(), 'service');
    } catch (error) {
      this.log.warn(`LINE service messages of team ${teamId} could not be counted`, error);
    }
  }

  /** Reads the one LINE limit `planChannels` asks for (`ChannelLimits`). */
  private async readLimit(
    need: LimitNeed,
    teamId: string | undefined,
    team: TeamRecord | null,
  ): Promise<ChannelLimits<TeamRecord>> {
    const line = this.line;
    switch (need.need) {
      case 'quota':
        return { quota: line ? await line.quota.read() : null };
      case 'payer':
        return { payer: line && teamId ? (team ?? (await this.teams.get(teamId))) : null };
      case 'budget':
        return { budget: line ? await line.budget.exhausted(need.payer) : null };
      case 'dailyCap':
        return { dailyCap: line ? await line.dailyCap.take(need.payer) : null };
    }
  }
}
