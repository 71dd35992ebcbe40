import type { messagingApi } from '@line/bot-sdk';
import { classifyLineFailure, isQuotaRefusal, retryKeyFor } from '#line/client.ts';
import { CAROUSEL_MAX } from '#line/flex.ts';
import { lineAppUrl } from '#line/mini-app.ts';
import type { GroupOutboxRecord } from '#outbox/model.ts';
import type { OutboxRepository } from '#outbox/repository.ts';
import { BUSINESS_METRICS, count } from '#platform/metrics.ts';
import { type PlayerRepository, preferencesOf } from '#players/repository.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { groupAnnouncementsOf, type TeamRepository, teamLanguageOf } from '#teams/repository.ts';
import { quotaLow } from './channel-plan.ts';
import { changeNoLongerNews } from './coalesced.ts';
import {
  type AttemptEnd,
  type DeliveryOutcome,
  describeError,
  LINE_NOT_CONFIGURED,
  type LineTools,
} from './delivery.ts';
import { groupCostsLess } from './group-call.ts';
import { composeGroupMessages, GROUP_ESSENTIAL, GROUP_SETTING_OF } from './group-messages.ts';

export interface GroupDeliveryDeps {
  line: LineTools | null;
  /** LINE is part of this deployment: without a token a group push is retried, not skipped. */
  lineRequired?: boolean;
  appBaseUrl: string;
  liffId?: string;
  /** LINE MINI App mode: cards open `https://miniapp.line.me/<liffId>/…` (`lineAppUrl`). */
  miniApp?: boolean;
  outbox: OutboxRepository;
  sessions: SessionRepository;
  teams: TeamRepository;
  users: PlayerRepository;
  end: AttemptEnd;
  log: Pick<Console, 'warn'>;
}

/**
 * One push to the team's bound group, skipped when the group was unbound or the team turned
 * the announcement off by the time of delivery, or (announcements other than changes) when
 * the quota runs low. A retry sends the stored first body under the same retry key.
 */
export async function deliverToGroup(
  deps: GroupDeliveryDeps,
  record: GroupOutboxRecord,
  claimToken: string,
): Promise<DeliveryOutcome> {
  const { end, line } = deps;
  const kind = record.kind;
  const team = record.teamId ? await deps.teams.get(record.teamId) : null;
  if (!team?.lineGroupId) return end.skipped(record, claimToken, 'team has no bound LINE group');
  const setting = GROUP_SETTING_OF[kind];
  if (setting && !groupAnnouncementsOf(team)[setting])
    return end.skipped(record, claimToken, `team setting ${setting} is off`);
  if (!line) {
    if (!deps.lineRequired) return end.skipped(record, claimToken, 'LINE is not configured');
    return end.failed(record, claimToken, `line: ${LINE_NOT_CONFIGURED}`, { done: [], refused: [] });
  }
  let request = record.lineRequest;
  if (!request) {
    const usage = GROUP_ESSENTIAL[kind]
      ? null
      : (quotaLow(await line.quota.read()) ?? (await line.budget.exhausted(team)));
    if (usage) return end.skipped(record, claimToken, `${usage}: not pushed`);
    const ids = record.sessionIds ?? [];
    const shown = ids.slice(0, CAROUSEL_MAX);
    const read = await Promise.all(shown.map((id) => deps.sessions.get(id)));
    const sessions = read.filter((s): s is SessionRecord => s !== null);
    const stale = changeNoLongerNews(record, sessions[0] ?? null);
    if (stale) return end.skipped(record, claimToken, stale);
    const cancelled = 'session' in record ? record.session : undefined;
    const missing = kind === 'groupSessionCancelled' ? !cancelled : sessions.length === 0;
    if (kind !== 'groupNews' && missing) return end.skipped(record, claimToken, 'session no longer exists');
    const lastCall = kind === 'groupLastCall' ? await calledInGroup(deps.users, record) : undefined;
    if (lastCall && lastCall.lineUserIds.length === 0) return end.skipped(record, claimToken, 'nobody to mention');
    if (
      lastCall &&
      !(await groupCostsLess(line, team.lineGroupId, 'userIds' in record ? (record.userIds?.length ?? 0) : 0))
    ) {
      return end.skipped(record, claimToken, 'one push each costs less than the group message');
    }
    const messages = composeGroupMessages({
      ...(lastCall ? { lastCall } : {}),
      kind,
      sessions,
      more: ids.length - shown.length,
      ...(cancelled ? { cancelled } : {}),
      news: { team: team.name, text: ('text' in record ? record.text : undefined) ?? '' },
      appUrl: deps.liffId ? lineAppUrl(deps.liffId, deps.miniApp) : deps.appBaseUrl,
      language: teamLanguageOf(team),
    });
    const rendered: messagingApi.PushMessageRequest = { to: team.lineGroupId, messages };
    request = JSON.stringify(rendered);
    if (!(await deps.outbox.saveLineRequest(record.id, claimToken, request))) {
      deps.log.warn(`Outbox ${record.id}: claim lost before the LINE push`);
      return { status: 'notClaimed' };
    }
  }
  const body: messagingApi.PushMessageRequest = JSON.parse(request);
  const { to } = body;
  try {
    await line.client.pushMessage(body, retryKeyFor(record.id));
    count(BUSINESS_METRICS.pushes);
  } catch (error) {
    const failure = classifyLineFailure(error);
    if (isQuotaRefusal(error)) count(BUSINESS_METRICS.quotaRefusals);
    if (failure === 'transient') {
      return end.failed(record, claimToken, `line: ${describeError(error)}`, { done: [], refused: [] });
    }
    if (failure !== 'alreadyAccepted') {
      const note = `line: ${describeError(error)}`;
      await end.finish(record, claimToken, { status: 'failed', channels: [], note });
      return { status: 'failed', attempts: record.attempts ?? 1, error: note };
    }
  }
  // LINE bills a group push once per member of the group.
  await line.budget.count(team.id, await line.budget.groupSize(to));
  await end.finish(record, claimToken, { status: 'delivered', channels: ['line'] });
  return { status: 'delivered', channels: ['line'] };
}

/**
 * The LINE accounts a group last call mentions: the called players who signed in with LINE, have
 * not blocked the account and want waitlist notices on LINE (as their own push would need).
 */
async function calledInGroup(users: PlayerRepository, record: GroupOutboxRecord) {
  const userIds = 'userIds' in record ? (record.userIds ?? []) : [];
  const read = await Promise.all(userIds.map((id) => users.get(id)));
  const lineUserIds = read.flatMap((user) => {
    if (user?.provider !== 'line' || !user.providerSub || user.lineBlockedAt) return [];
    const preferences = preferencesOf(user);
    return preferences.waitlist && preferences.line ? [user.providerSub] : [];
  });
  return { lineUserIds, seats: ('lastCallSeats' in record ? record.lastCallSeats : undefined) ?? 1 };
}
