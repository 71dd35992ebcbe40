import { describe, expect, it } from 'vitest';
import {
  type ChannelDecision,
  type ChannelLimits,
  type PlanInput,
  planChannels,
  quotaLow,
} from '#notifications/channel-plan.ts';
import type { QuotaReading } from '#notifications/line-quota.ts';
import type { UserOutboxKind } from '#outbox/model.ts';
import { DEFAULT_PREFERENCES } from '#players/repository.ts';

/**
 * `planChannels` (functions/src/notifications/channel-plan.ts): where one notice to one player
 * goes, decided from their settings and the LINE limits it asks for one by one.
 */

type Team = { id: string; lineGroupId?: string; groupAnnouncements?: { changes?: boolean } };

const lineUser = (extra: Partial<PlanInput['user']> = {}): PlanInput['user'] => ({
  provider: 'line',
  providerSub: 'U123',
  email: null,
  emailVerified: false,
  preferences: DEFAULT_PREFERENCES,
  ...extra,
});
const withEmail = (extra: Partial<PlanInput['user']> = {}) =>
  lineUser({ email: 'p@example.tw', emailVerified: true, ...extra });

const OK: QuotaReading = { level: 'ok', used: 10, limit: 1000 };
const NEAR: QuotaReading = { level: 'near', used: 950, limit: 1000 };
const TEAM: Team = { id: 't1' };
const GROUP_TEAM: Team = { id: 't1', lineGroupId: 'C1' };
const BUDGET = 'team LINE budget reached (500/500 messages this month)';
const CAP = "team's daily 1:1 LINE cap reached (300 pushes today)";

/**
 * Runs the decision as the dispatcher does: answers each `need` from `state` and decides again.
 * Returns the final decision and the limits asked for, in order.
 */
function decide(
  kind: UserOutboxKind,
  user: PlanInput['user'],
  state: Required<ChannelLimits<Team>>,
  options: { limited?: boolean; lineEnabled?: boolean } = {},
) {
  const input: PlanInput<Team> = {
    kind,
    user,
    lineEnabled: options.lineEnabled ?? true,
    limited: options.limited ?? true,
    limits: {},
  };
  const asked: string[] = [];
  let decision: ChannelDecision<Team> = planChannels(input);
  while ('need' in decision) {
    asked.push(decision.need);
    if ('payer' in decision) expect(decision.payer).toBe(state.payer);
    input.limits = { ...input.limits, [decision.need]: state[decision.need] };
    decision = planChannels(input);
  }
  return { decision, asked };
}

const calm = { quota: OK, payer: TEAM, budget: null, dailyCap: null };

describe('planChannels: the player settings', () => {
  it('skips a kind whose preference is off, and a player no channel reaches', () => {
    const off = lineUser({ preferences: { ...DEFAULT_PREFERENCES, waitlist: false } });
    expect(decide('offered', off, calm)).toEqual({ decision: { skipped: 'preference waitlist is off' }, asked: [] });
    expect(decide('sessionCancelled', lineUser({ provider: 'google' }), calm).decision).toEqual({
      skipped: 'no channel reaches this user',
    });
    const silent = withEmail({ preferences: { ...DEFAULT_PREFERENCES, line: false, email: false } });
    expect(decide('promoted', silent, calm).decision).toEqual({ skipped: 'preference channels are off' });
  });

  it('uses LINE only for a LINE account while LINE is enabled, and email only when verified', () => {
    expect(decide('promoted', withEmail(), calm).decision).toEqual({ line: 'U123', email: 'p@example.tw', notes: [] });
    expect(decide('promoted', withEmail(), calm, { lineEnabled: false })).toEqual({
      decision: { line: null, email: 'p@example.tw', notes: [] },
      asked: [],
    });
    expect(decide('promoted', lineUser({ email: 'p@example.tw' }), calm).decision).toEqual({
      line: 'U123',
      email: null,
      notes: [],
    });
  });
});

describe('planChannels: the up-next push (rotation board opt-in)', () => {
  it('goes by LINE only, whatever the player’s settings say of email or waitlist', () => {
    const noWaitlist = withEmail({ preferences: { ...DEFAULT_PREFERENCES, waitlist: false, bookingReminder: false } });
    expect(decide('rotationUpNext', noWaitlist, calm).decision).toEqual({ line: 'U123', email: null, notes: [] });
    // No LINE push reaches the player (an e-mail account, LINE off, blocked): skipped, never e-mailed.
    expect(decide('rotationUpNext', withEmail({ provider: 'google' }), calm).decision).toEqual({
      skipped: 'LINE only (up next): no LINE push reaches this user, no e-mail',
    });
    const lineOff = withEmail({ preferences: { ...DEFAULT_PREFERENCES, line: false } });
    expect(decide('rotationUpNext', lineOff, calm).decision).toEqual({
      skipped: 'LINE only (up next): no LINE push reaches this user, no e-mail',
    });
    expect(decide('rotationUpNext', withEmail({ lineBlockedAt: '2026-01-01T00:00:00Z' }), calm).decision).toEqual({
      skipped: 'blocked the LINE account: shown in the app only',
    });
    // Short of LINE quota: not pushed (and no e-mail instead).
    expect(decide('rotationUpNext', withEmail(), { ...calm, quota: NEAR }).decision).toEqual({
      line: null,
      email: null,
      notes: ['LINE quota near (950/1000 pushes this month): not pushed'],
    });
  });
});

describe('planChannels: the LINE limits', () => {
  it('asks for quota, payer, budget and daily cap in that order for a push that goes', () => {
    expect(decide('promoted', lineUser(), calm).asked).toEqual(['quota', 'payer', 'budget', 'dailyCap']);
  });

  it('asks for no limit on a retry of a stored push or when LINE is not planned', () => {
    expect(decide('bookingReminder', lineUser(), { ...calm, quota: NEAR }, { limited: false })).toEqual({
      decision: { line: 'U123', email: null, notes: [] },
      asked: [],
    });
    const emailOnly = withEmail({ provider: 'google' });
    expect(decide('promoted', emailOnly, calm).asked).toEqual([]);
  });

  it('near the monthly quota: a reminder is not pushed, an essential notice goes by email if it can', () => {
    const note = quotaLow(NEAR);
    expect(note).toBe('LINE quota near (950/1000 pushes this month)');
    expect(decide('bookingReminder', lineUser(), { ...calm, quota: NEAR })).toEqual({
      decision: { line: null, email: null, notes: [`${note}: not pushed`] },
      asked: ['quota'],
    });
    expect(decide('promoted', withEmail(), { ...calm, quota: NEAR }).decision).toEqual({
      line: null,
      email: 'p@example.tw',
      notes: [`${note}: email instead of LINE`],
    });
    // Essential and no email: still pushed, and the limits after the quota still apply.
    expect(decide('promoted', lineUser(), { ...calm, quota: NEAR })).toEqual({
      decision: { line: 'U123', email: null, notes: [] },
      asked: ['quota', 'payer', 'budget', 'dailyCap'],
    });
  });

  it("news is not pushed 1:1 when the team's group is bound, unless the player asked for news 1:1", () => {
    expect(decide('news', lineUser(), { ...calm, payer: GROUP_TEAM })).toEqual({
      decision: { line: null, email: null, notes: ["told in the team's group (no 1:1 news wished)"] },
      asked: ['quota', 'payer'],
    });
    const direct = lineUser({ preferences: { ...DEFAULT_PREFERENCES, newsDirect: true } });
    expect(decide('news', direct, { ...calm, payer: GROUP_TEAM }).decision).toEqual({
      line: 'U123',
      email: null,
      notes: [],
    });
  });

  it('without a team to bill, no budget or daily cap applies', () => {
    expect(decide('promoted', lineUser(), { ...calm, payer: null, budget: BUDGET, dailyCap: CAP })).toEqual({
      decision: { line: 'U123', email: null, notes: [] },
      asked: ['quota', 'payer'],
    });
  });

  it("at the team's budget: a change its group announces is told there, others divert like the quota", () => {
    const atBudget = { ...calm, payer: GROUP_TEAM, budget: BUDGET };
    expect(decide('sessionChanged', lineUser(), atBudget)).toEqual({
      decision: { line: null, email: null, notes: [`${BUDGET}: told in the team's group (budget)`] },
      asked: ['quota', 'payer', 'budget'],
    });
    const groupQuiet = { ...atBudget, payer: { ...GROUP_TEAM, groupAnnouncements: { changes: false } } };
    expect(decide('sessionChanged', withEmail(), groupQuiet).decision).toEqual({
      line: null,
      email: 'p@example.tw',
      notes: [`${BUDGET}: email instead of LINE`],
    });
    expect(decide('lotteryWaitlisted', lineUser(), atBudget).decision).toEqual({
      line: null,
      email: null,
      notes: [`${BUDGET}: not pushed`],
    });
  });

  it('past the daily cap: no push; the group, the email or the app tells the player', () => {
    const capped = { ...calm, dailyCap: CAP };
    expect(decide('promoted', withEmail(), capped).decision).toEqual({
      line: null,
      email: 'p@example.tw',
      notes: [`${CAP}: email instead of LINE`],
    });
    expect(decide('offered', lineUser(), capped).decision).toEqual({
      line: null,
      email: null,
      notes: [`${CAP}: shown in the app only`],
    });
    expect(decide('sessionCancelled', lineUser(), { ...capped, payer: GROUP_TEAM }).decision).toEqual({
      line: null,
      email: null,
      notes: [`${CAP}: told in the team's group`],
    });
  });
});
