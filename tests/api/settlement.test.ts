import { paymentDueLines } from '@shuttle/functions/notifications/payment-due.ts';
import { SessionRepository } from '@shuttle/functions/sessions/repository.ts';
import { TeamRepository } from '@shuttle/functions/teams/repository.ts';
import {
  type PaymentDetails,
  type SessionDetail,
  type Settlement,
  type SettlementMonth,
  type ShuttleStock,
  taipeiMonth,
} from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('settle@example.com', '結算隊'));
});
afterAll(() => h.close());

/** A session of 2 courts for 2 hours at NT$200, `joined` players booked and `present` of them checked in. */
async function evening(prefix: string, joined: number, present: number) {
  const session = await h.newSession(token, { capacity: 12, courts: 2, price: 200 });
  const players = await h.players(joined, prefix);
  for (const p of players) expect((await h.join(p.token, session.id)).status).toBe(200);
  for (const p of players.slice(0, present)) {
    await h.ok('signed/signed', { sessionId: session.id, userId: p.userId, attendance: 'attended' }, token);
  }
  return { session, players };
}

const COSTS = {
  courtFeePerHour: 350,
  shuttlesUsed: 9,
  pricePerShuttle: 65,
  otherCosts: [{ label: '冷氣', amount: 200 }],
  split: 'perHead',
} as const;

describe('settlement of a session', () => {
  it('a settlement with court, shuttle and other costs returns shares that add up to the costs', async () => {
    const { session, players } = await evening('split', 5, 4);
    // Income: two drop-ins paid at the door.
    for (const p of players.slice(0, 2)) {
      await h.ok('payments/markPaid', { sessionId: session.id, userId: p.userId, method: 'cash', amount: 200 }, token);
    }
    const s = await h.ok<Settlement>('settlement/update', { sessionId: session.id, ...COSTS }, token);
    // 2 courts x 2 h x 350 = 1,400; 9 x 65 = 585; air-con 200.
    expect(s.costs).toEqual({ courts: 1400, shuttles: 585, other: 200, total: 2185 });
    expect(s).toMatchObject({ status: 'open', hours: 2, courts: 2, income: 400, balance: 400 - 2185 });
    expect(s.incomeParts).toEqual({ fees: 400, passes: 0 });
    expect(s.playersPresent).toBe(4);
    // 2,185 / 4 = 546.25, rounded up to NT$10: 550 each, only the four checked in.
    expect(s.shares.map((x) => x.userId)).toEqual(players.slice(0, 4).map((p) => p.userId));
    expect(new Set(s.shares.map((x) => x.amount))).toEqual(new Set([550]));
    // Shares cover the costs and exceed them by less than NT$10 per player present.
    const sum = s.shares.reduce((a, x) => a + x.amount, 0);
    expect(sum).toBeGreaterThanOrEqual(s.costs.total);
    expect(sum - s.costs.total).toBeLessThan(10 * s.playersPresent);
  });

  it('a fixed split shares the session fee each accepted booking was charged', async () => {
    const { session, players } = await evening('fixed', 3, 2);
    await h.ok('payments/waive', { sessionId: session.id, userId: players[2]!.userId }, token);
    const s = await h.ok<Settlement>('settlement/get', { sessionId: session.id }, token);
    expect(s).toMatchObject({ split: 'fixed', version: 0, status: 'open', closedAt: null });
    expect(s.shares.map((x) => x.amount)).toEqual([200, 200, 0]);
  });

  it('close keeps the shares, takes the shuttles from the stock once, and refuses later changes', async () => {
    await h.ok('shuttles/updateThreshold', { teamId, lowStockTubes: 3 }, token);
    const bought = await h.ok<ShuttleStock>('shuttles/addPurchase', { teamId, tubes: 3, pricePerTube: 780 }, token);
    expect(bought).toMatchObject({ tubesBought: 3, shuttlesLeft: 36, pricePerShuttle: 65, low: false });
    expect(bought.purchases[0]).toMatchObject({ tubes: 3, pricePerTube: 780 });

    const { session, players } = await evening('close', 5, 4);
    // The price per shuttle defaults to the stock's: not given here.
    const { pricePerShuttle: _, ...costs } = COSTS;
    const open = await h.ok<Settlement>('settlement/update', { sessionId: session.id, ...costs }, token);
    expect(open.pricePerShuttle).toBe(65);
    const closed = await h.ok<Settlement>('settlement/close', { sessionId: session.id, early: true }, token);
    expect(closed).toMatchObject({ status: 'closed', closedAt: h.clock.now().toISOString(), shares: open.shares });
    expect(closed.version).toBe(open.version + 1);

    const stock = await h.ok<ShuttleStock>('shuttles/get', { teamId }, token);
    expect(stock).toMatchObject({ shuttlesUsed: 9, shuttlesLeft: 27, low: true });

    // Later check-ins and payments do not change a closed settlement's costs and shares; money
    // taken after closing is its income (the figure reports show, docs/ON-COURT.md).
    await h.ok('signed/signed', { sessionId: session.id, userId: players[4]!.userId, attendance: 'attended' }, token);
    await h.ok(
      'payments/markPaid',
      { sessionId: session.id, userId: players[0]!.userId, method: 'cash', amount: 550 },
      token,
    );
    const later = await h.ok<Settlement>('settlement/get', { sessionId: session.id }, token);
    expect(later).toEqual({ ...closed, income: 550, incomeParts: { fees: 550, passes: 0 }, balance: 550 - 2185 });

    // Closing again answers the same and takes no more shuttles; changes are refused and write nothing.
    const before = await h.snapshot();
    expect(await h.ok<Settlement>('settlement/close', { sessionId: session.id }, token)).toEqual(later);
    const refused = await h.adminCall('settlement/update', { sessionId: session.id, shuttlesUsed: 1 }, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('SETTLEMENT_CLOSED');
    expect(await h.snapshot()).toEqual(before);

    // The closed settlement feeds the month's balance.
    const month = await h.ok<SettlementMonth>(
      'settlement/month',
      { teamId, month: taipeiMonth(new Date(session.startsAt)) },
      token,
    );
    const line = month.sessions.find((x) => x.sessionId === session.id);
    expect(line).toMatchObject({ costs: closed.costs.total, income: later.income, balance: later.balance });
    expect(month.total.balance).toBe(month.sessions.reduce((a, x) => a + x.balance, 0));
  });

  it('two admins changing one settlement at once both land (a conditional write on the version)', async () => {
    const { session } = await evening('race', 2, 2);
    await Promise.all([
      h.ok('settlement/update', { sessionId: session.id, courtFeePerHour: 400 }, token),
      h.ok('settlement/update', { sessionId: session.id, shuttlesUsed: 6 }, token),
    ]);
    const s = await h.ok<Settlement>('settlement/get', { sessionId: session.id }, token);
    expect(s).toMatchObject({ courtFeePerHour: 400, shuttlesUsed: 6, version: 2 });
  });

  it('refuses bad input with VALIDATION_FAILED and other teams with FORBIDDEN, changing nothing', async () => {
    const { session } = await evening('bad', 1, 1);
    const other = await h.adminWithTeam('settle-other@example.com', '別隊');
    const before = await h.snapshot();
    for (const body of [
      { sessionId: session.id, courtFeePerHour: -1 },
      { sessionId: session.id, courtFeePerHour: 1.5 },
      { sessionId: session.id, split: 'evenly' },
      { sessionId: session.id, otherCosts: [{ label: '', amount: 100 }] },
      { sessionId: session.id, otherCosts: [{ label: '冷氣', amount: -100 }] },
      { sessionId: session.id, shuttlesUsed: 1001 },
      { sessionId: session.id, extra: 1 },
      {},
    ]) {
      const res = await h.adminCall('settlement/update', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
    }
    for (const body of [
      { teamId, tubes: 0, pricePerTube: 700 },
      { teamId, tubes: 2, pricePerTube: -1 },
    ]) {
      expect((await h.adminCall('shuttles/addPurchase', body, { token })).body.error).toBe('VALIDATION_FAILED');
    }
    const foreign = await h.adminCall(
      'settlement/update',
      { sessionId: session.id, shuttlesUsed: 3 },
      {
        token: other.token,
      },
    );
    expect(foreign.body.error).toBe('FORBIDDEN');
    expect((await h.adminCall('settlement/close', { sessionId: session.id }, { token: other.token })).status).toBe(403);
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('where to pay', () => {
  const details = {
    bankCode: '812',
    bankAccount: '0012-3456-7890',
    linePayUrl: 'https://line.me/R/pay/abc',
    jkoPayUrl: 'https://www.jkopay.com/pay/xyz',
  };

  it('validates the details: 3-digit bank code with an account, https links only', async () => {
    const before = await h.snapshot();
    for (const body of [
      { ...details, bankCode: '81' },
      { ...details, bankCode: 'abc' },
      { ...details, bankAccount: '12ab' },
      { ...details, bankCode: '' },
      { ...details, linePayUrl: 'http://line.me/R/pay/abc' },
      { ...details, jkoPayUrl: 'javascript:alert(1)' },
      { ...details, jkoPayUrl: 'https://user:pw@evil.example/' },
    ]) {
      const res = await h.adminCall('setting/updatePaymentDetails', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
    }
    expect(await h.snapshot()).toEqual(before);
    const saved = await h.ok<PaymentDetails>('setting/updatePaymentDetails', details, token);
    expect(saved.bankAccount).toBe('001234567890');
    expect(await h.ok('setting/getPaymentDetails', { teamId }, token)).toEqual(saved);
  });

  it('shows them with the amount to a player who owes, not to one who paid nor to visitors; and in the reminder', async () => {
    await h.ok('setting/updatePaymentDetails', details, token);
    const { session, players } = await evening('payto', 2, 0);
    const [owing, paid] = players;
    await h.ok(
      'payments/markPaid',
      { sessionId: session.id, userId: paid!.userId, method: 'cash', amount: 200 },
      token,
    );
    const detail = (t: string | undefined) =>
      h.call<SessionDetail>(
        t ? 'checkState/sessionList/getDetail' : 'withoutAuth/getDetail',
        { sessionId: session.id },
        t ? { token: t } : {},
      );
    const mine = (await detail(owing!.token)).body.data!;
    expect(mine.paymentDetails).toEqual({ ...details, accountName: '', bankAccount: '001234567890', amount: 200 });
    expect(mine.myBooking?.payment?.status).toBe('unpaid');
    expect((await detail(paid!.token)).body.data!.paymentDetails).toBeUndefined();
    expect((await detail(undefined)).body.data!.paymentDetails).toBeUndefined();

    // The reminder's payment lines, read from the same table.
    const deps = { sessions: new SessionRepository(h.store), teams: new TeamRepository(h.store) };
    const record = await deps.sessions.require(session.id);
    const lines = await paymentDueLines(deps, record, owing!.userId, 'zh-TW');
    expect(lines).toContain('NT$200');
    expect(lines).toContain('(812 台新銀行) 001234567890');
    expect(lines).toContain('https://line.me/R/pay/abc');
    expect(await paymentDueLines(deps, record, paid!.userId, 'zh-TW')).toBeUndefined();
  });

  it('a closed per-head settlement sets the amount a player who owes sees', async () => {
    await h.ok('setting/updatePaymentDetails', details, token);
    const { session, players } = await evening('payshare', 3, 3);
    await h.ok('settlement/update', { sessionId: session.id, ...COSTS }, token);
    const closed = await h.ok<Settlement>('settlement/close', { sessionId: session.id, early: true }, token);
    // 2,185 / 3 = 728.33, rounded up: 730.
    expect(closed.shares[0]!.amount).toBe(730);
    const res = await h.call<SessionDetail>(
      'checkState/sessionList/getDetail',
      { sessionId: session.id },
      { token: players[0]!.token },
    );
    expect(res.body.data!.paymentDetails?.amount).toBe(730);
  });
});
