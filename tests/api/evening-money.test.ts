import { paymentDueLines } from '@shuttle/functions/notifications/payment-due.ts';
import { SessionRepository } from '@shuttle/functions/sessions/repository.ts';
import { TeamRepository } from '@shuttle/functions/teams/repository.ts';
import type {
  AdminParticipant,
  Outstanding,
  Payment,
  SessionDetail,
  Settlement,
  ShuttleStock,
  TeamCredit,
} from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

// Issue 30 item 1: one amount owed per booking. A demo-like evening (per-head split, prepaid and
// walk-in players), then every view of what each player owes compared with the settlement.

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('evening@example.com', '週三夜羽球'));
  await h.ok(
    'setting/updatePaymentDetails',
    { bankCode: '812', accountName: '週三夜 王小明', bankAccount: '001234567890', linePayUrl: '', jkoPayUrl: '' },
    token,
  );
});
afterAll(() => h.close());

const PRICE = 250;
/** Courts 2 x 2 h x 400 + 12 shuttles x 80 + 500 = 3,060: over 19 present, NT$170 each (161.05 rounded up to NT$10). */
const COSTS = {
  courts: 2,
  courtFeePerHour: 400,
  shuttlesUsed: 12,
  pricePerShuttle: 80,
  otherCosts: [{ label: '冷氣', amount: 500 }],
  split: 'perHead',
} as const;
const SHARE = 170;

const detail = (playerToken: string, sessionId: string) =>
  h.call<SessionDetail>('checkState/sessionList/getDetail', { sessionId }, { token: playerToken });
const paymentOfPlayer = async (playerToken: string, sessionId: string) =>
  (await detail(playerToken, sessionId)).body.data!.myBooking!.payment!;
const checkIn = (sessionId: string, userId: string) =>
  h.ok('signed/signed', { sessionId, userId, attendance: 'attended' }, token);
const markPaid = (body: Record<string, unknown>) =>
  h.adminCall<{ payment: Payment }>('payments/markPaid', body, { token });

/**
 * 17 players who prepaid the price, one who booked and pays at the door, a walk-in guest (all 19
 * checked in), and one who booked and did not come; the session starts in half an hour.
 */
async function demoEvening(prefix: string) {
  const session = await h.newSession(token, { price: PRICE, capacity: 20, courts: 2, startsInHours: 0.5 });
  const players = await h.players(19, prefix);
  for (const p of players) expect((await h.join(p.token, session.id)).status).toBe(200);
  const prepaid = players.slice(0, 17);
  const [door, noShow] = [players[17]!, players[18]!];
  for (const p of prepaid) {
    expect(
      (await markPaid({ sessionId: session.id, userId: p.userId, method: 'transfer', amount: PRICE })).status,
    ).toBe(200);
  }
  for (const p of [...prepaid, door]) await checkIn(session.id, p.userId);
  const guest = await h.ok<{ userId: string }>(
    'signed/addWalkIn',
    { sessionId: session.id, name: '路過的阿明' },
    token,
  );
  return { session, prepaid, door, noShow, guestId: guest.userId };
}

describe('one amount owed per booking', () => {
  it('after a per-head close, every view of every present player shows their share; prepaid players see the refund due; income agrees everywhere', async () => {
    const evening = await demoEvening('eve');
    // The evening under way (15 minutes after the start): reports count started sessions.
    await h.later(45 * 60_000, () => perHeadNight(evening));
  });

  async function perHeadNight({ session, prepaid, door, noShow, guestId }: Awaited<ReturnType<typeof demoEvening>>) {
    const sessionId = session.id;
    await h.ok('settlement/update', { sessionId, ...COSTS }, token);

    // Before the end, closing asks for confirmation and changes nothing without it.
    const before = await h.snapshot();
    const early = await h.adminCall('settlement/close', { sessionId }, { token });
    expect([early.status, early.body.error]).toEqual([409, 'SESSION_NOT_ENDED']);
    expect(await h.snapshot()).toEqual(before);

    const closed = await h.ok<Settlement>('settlement/close', { sessionId, early: true }, token);
    expect(closed.costs.total).toBe(3060);
    expect(closed.playersPresent).toBe(19);
    expect(closed.shares).toHaveLength(19);
    expect(new Set(closed.shares.map((s) => s.amount))).toEqual(new Set([SHARE]));
    const shareOf = new Map(closed.shares.map((s) => [s.userId, s.amount]));
    // Money taken (17 x 250) less refunds due (17 x 80).
    expect(closed.income).toBe(17 * SHARE);
    expect(closed.closedBy).toBeTruthy();

    // The player's own booking.
    for (const p of prepaid) {
      const payment = await paymentOfPlayer(p.token, sessionId);
      expect(payment).toMatchObject({ status: 'paid', amount: shareOf.get(p.userId), paid: PRICE, refundDue: 80 });
    }
    expect(await paymentOfPlayer(door.token, sessionId)).toMatchObject({ status: 'unpaid', amount: SHARE });
    const doorDetail = (await detail(door.token, sessionId)).body.data!;
    expect(doorDetail.paymentDetails).toMatchObject({ amount: SHARE, accountName: '週三夜 王小明' });
    // Not present: the booking owes the price as before.
    expect(shareOf.has(noShow.userId)).toBe(false);
    expect(await paymentOfPlayer(noShow.token, sessionId)).toMatchObject({ status: 'unpaid', amount: PRICE });

    // Check-in.
    const checkin = await h.ok<{ players: AdminParticipant[] }>('courtSession/signedMembers', { sessionId }, token);
    for (const row of checkin.players) {
      const expected = shareOf.get(row.userId) ?? PRICE;
      expect(row.payment?.amount, row.name).toBe(expected);
    }
    expect(checkin.players.find((r) => r.userId === guestId)?.payment?.amount).toBe(SHARE);

    // The money screen: who owes what, and the refunds due.
    const owed = await h.ok<Outstanding>('payments/getOutstanding', { teamId }, token);
    const rows = owed.items.filter((i) => i.sessionId === sessionId);
    expect(new Map(rows.map((r) => [r.userId, r.amount]))).toEqual(
      new Map([
        [door.userId, SHARE],
        [guestId, SHARE],
        [noShow.userId, PRICE],
      ]),
    );
    const refunds = owed.refunds.filter((r) => r.sessionId === sessionId);
    expect(refunds.map((r) => r.userId).sort()).toEqual(prepaid.map((p) => p.userId).sort());
    expect(new Set(refunds.map((r) => r.refundDue))).toEqual(new Set([80]));

    // The reminder.
    const deps = { sessions: new SessionRepository(h.store), teams: new TeamRepository(h.store) };
    const record = await deps.sessions.require(sessionId);
    const lines = await paymentDueLines(deps, record, door.userId, 'zh-TW');
    expect(lines).toContain(`NT$${SHARE}`);
    expect(lines).toContain('週三夜 王小明');

    // The attendance export: each present player's amount is their share.
    const month = session.startsAt.slice(0, 7);
    const csv = await h.adminApp.request('/api/admin/reports/exportCsv', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ teamId, month, kind: 'attendance' }),
    });
    const attendance = (await csv.text()).trimEnd().split('\r\n');
    const rowOf = (name: string) => attendance.find((r) => r.split(',')[2] === name)!;
    expect(rowOf('eve 0').split(',')[6]).toBe(String(SHARE));
    expect(rowOf('eve 0')).toContain('待退 80');
    expect(rowOf('路過的阿明').split(',')[6]).toBe(String(SHARE));
    expect(rowOf('eve 18').split(',')[6]).toBe(String(PRICE));

    // Reports: the session's income is the settlement's.
    const incomeInReport = async () => {
      const report = await h.ok<{ sessions: { sessionId: string; income: number }[] }>(
        'reports/revenueBySession',
        { teamId, month },
        token,
      );
      return report.sessions.find((s) => s.sessionId === sessionId)!.income;
    };
    const settlementIncome = async () => (await h.ok<Settlement>('settlement/get', { sessionId }, token)).income;
    expect(await incomeInReport()).toBe(closed.income);

    // The door player and the guest pay their share (the one figure the check-in button records).
    for (const userId of [door.userId, guestId]) {
      const row = (
        await h.ok<{ players: AdminParticipant[] }>('courtSession/signedMembers', { sessionId }, token)
      ).players.find((r) => r.userId === userId)!;
      expect((await markPaid({ sessionId, userId, method: 'cash', amount: row.payment!.amount })).status).toBe(200);
    }
    expect(await settlementIncome()).toBe(19 * SHARE);
    expect(await incomeInReport()).toBe(19 * SHARE);
    const monthLine = await h.ok<{ sessions: { sessionId: string; income: number }[] }>(
      'settlement/month',
      { teamId, month },
      token,
    );
    expect(monthLine.sessions.find((s) => s.sessionId === sessionId)?.income).toBe(19 * SHARE);

    // Refunds: one given back, one kept as credit; the income stays what the night kept.
    const [back, kept, other] = prepaid;
    const refunded = await h.ok<{ payment: Payment }>(
      'payments/settleRefund',
      { sessionId, userId: back!.userId, as: 'refunded' },
      token,
    );
    expect(refunded.payment).toMatchObject({ amount: SHARE, paid: PRICE, refund: { amount: 80, as: 'refunded' } });
    expect(refunded.payment.refundDue).toBeUndefined();
    const credited = await h.ok<{ payment: Payment }>(
      'payments/settleRefund',
      { sessionId, userId: kept!.userId, as: 'credit' },
      token,
    );
    expect(credited.payment.refund).toMatchObject({ amount: 80, as: 'credit' });
    // Again the same way: answered as it is, nothing written; the other way: refused.
    const settled = await h.snapshot();
    expect(
      (
        await h.ok<{ payment: Payment }>(
          'payments/settleRefund',
          { sessionId, userId: kept!.userId, as: 'credit' },
          token,
        )
      ).payment,
    ).toEqual(credited.payment);
    const otherWay = await h.adminCall(
      'payments/settleRefund',
      { sessionId, userId: kept!.userId, as: 'refunded' },
      { token },
    );
    expect([otherWay.status, otherWay.body.error]).toEqual([409, 'REFUND_SETTLED']);
    const nothingDue = await h.adminCall(
      'payments/settleRefund',
      { sessionId, userId: door.userId, as: 'refunded' },
      { token },
    );
    expect([nothingDue.status, nothingDue.body.error]).toEqual([409, 'NO_REFUND_DUE']);
    // A settled refund cannot be undone by marking the payment unpaid (it would count twice).
    const undo = await h.adminCall('payments/markUnpaid', { sessionId, userId: back!.userId }, { token });
    expect([undo.status, undo.body.error]).toEqual([409, 'REFUND_SETTLED']);
    expect(await h.snapshot()).toEqual(settled);
    expect(await settlementIncome()).toBe(19 * SHARE);
    expect(await incomeInReport()).toBe(19 * SHARE);
    expect(await paymentOfPlayer(other!.token, sessionId)).toMatchObject({ refundDue: 80 });
    expect(await paymentOfPlayer(back!.token, sessionId)).toMatchObject({ refund: { as: 'refunded', amount: 80 } });
    // The month's money received: 17 x 250 + 2 x 170, less the 80 given back.
    const paid = await h.ok<{ paid: number }>('reports/payments', { teamId, month }, token);
    expect(paid.paid).toBe(17 * PRICE + 2 * SHARE - 80);
    // A settled refund keeps the settlement closed for good.
    const reopen = await h.adminCall('settlement/reopen', { sessionId }, { token });
    expect([reopen.status, reopen.body.error]).toEqual([409, 'REFUND_SETTLED']);

    const credits = await h.ok<{ credits: TeamCredit[] }>('payments/credits', { teamId }, token);
    expect(credits.credits).toEqual([expect.objectContaining({ userId: kept!.userId, balance: 80 })]);

    // The credit is used next time: the player sees it, the team takes it off the next payment.
    const next = await h.newSession(token, { price: PRICE, startsInHours: 30 });
    await h.join(kept!.token, next.id);
    await h.join(other!.token, next.id);
    const owing = await paymentOfPlayer(kept!.token, next.id);
    expect(owing).toMatchObject({ status: 'unpaid', amount: PRICE, creditAvailable: 80 });
    expect((await detail(kept!.token, next.id)).body.data!.paymentDetails?.amount).toBe(PRICE - 80);
    const tooMuch = await markPaid({
      sessionId: next.id,
      userId: other!.userId,
      method: 'cash',
      amount: 150,
      credit: 100,
    });
    expect([tooMuch.status, tooMuch.body.error]).toEqual([409, 'CREDIT_NOT_ENOUGH']);
    expect(await paymentOfPlayer(other!.token, next.id)).toMatchObject({ status: 'unpaid' });
    const withCredit = await markPaid({
      sessionId: next.id,
      userId: kept!.userId,
      method: 'cash',
      amount: 170,
      credit: 80,
    });
    expect(withCredit.body.data!.payment).toMatchObject({ status: 'paid', amount: PRICE, creditUsed: 80 });
    expect((await h.ok<{ credits: TeamCredit[] }>('payments/credits', { teamId }, token)).credits).toEqual([]);
    // The next night's income counts the credit (the money left the first night's income).
    const nextSettlement = await h.ok<Settlement>('settlement/get', { sessionId: next.id }, token);
    expect(nextSettlement.income).toBe(PRICE);
    // Undoing that payment gives the credit back.
    await h.ok('payments/markUnpaid', { sessionId: next.id, userId: kept!.userId }, token);
    expect((await h.ok<{ credits: TeamCredit[] }>('payments/credits', { teamId }, token)).credits).toEqual([
      expect.objectContaining({ userId: kept!.userId, balance: 80 }),
    ]);
  }

  it('a fixed-price night is unchanged: closing writes no share and every booking owes the price', async () => {
    const session = await h.newSession(token, { price: PRICE, capacity: 4, startsInHours: 0.5 });
    const players = await h.players(2, 'fixed');
    for (const p of players) await h.join(p.token, session.id);
    for (const p of players) await checkIn(session.id, p.userId);
    await markPaid({ sessionId: session.id, userId: players[0]!.userId, method: 'cash', amount: PRICE });
    await h.ok('settlement/update', { sessionId: session.id, ...COSTS, split: 'fixed' }, token);
    const closed = await h.ok<Settlement>('settlement/close', { sessionId: session.id, early: true }, token);
    expect(closed.shares.map((s) => s.amount)).toEqual([PRICE, PRICE]);
    expect(await paymentOfPlayer(players[0]!.token, session.id)).toEqual(
      expect.not.objectContaining({ refundDue: expect.anything() }),
    );
    expect(await paymentOfPlayer(players[0]!.token, session.id)).toMatchObject({ status: 'paid', amount: PRICE });
    expect(await paymentOfPlayer(players[1]!.token, session.id)).toMatchObject({ status: 'unpaid', amount: PRICE });
    const items = (await h.snapshot()).filter(
      (i) => i.PK === `SESSION#${session.id}` && String(i.SK).startsWith('BOOKING#'),
    );
    expect(items.some((i) => 'share' in i)).toBe(false);
  });
});

describe('settlement form', () => {
  it("defaults the courts to the rotation board's, and the owner reopens a closed settlement within 24 hours (logged)", async () => {
    await h.ok('shuttles/addPurchase', { teamId, tubes: 5, pricePerTube: 960 }, token);
    const session = await h.newSession(token, { price: PRICE, capacity: 6, courts: 4, startsInHours: 0.5 });
    const players = await h.players(4, 'reopen');
    for (const p of players) await h.join(p.token, session.id);
    for (const p of players) await checkIn(session.id, p.userId);
    const sessionId = session.id;
    expect(await h.ok<Settlement>('settlement/get', { sessionId }, token)).toMatchObject({
      courts: 4,
      courtsFrom: 'session',
    });
    await h.ok('rotation/setup', { sessionId, courts: [1, 2], mode: 'doubles', rule: 'balanced' }, token);
    expect(await h.ok<Settlement>('settlement/get', { sessionId }, token)).toMatchObject({
      courts: 2,
      courtsFrom: 'board',
    });

    const { courts: _, ...costs } = COSTS;
    await h.ok('settlement/update', { sessionId, ...costs }, token);
    const stockBefore = await h.ok<ShuttleStock>('shuttles/get', { teamId }, token);
    const closed = await h.ok<Settlement>('settlement/close', { sessionId, early: true }, token);
    expect(closed).toMatchObject({ status: 'closed', courts: 2, reopened: [] });
    expect(Date.parse(closed.reopenUntil!) - Date.parse(closed.closedAt!)).toBe(24 * 3_600_000);
    expect((await h.ok<ShuttleStock>('shuttles/get', { teamId }, token)).shuttlesUsed).toBe(
      stockBefore.shuttlesUsed + 12,
    );
    const share = closed.shares[0]!.amount;
    expect(await paymentOfPlayer(players[0]!.token, sessionId)).toMatchObject({ amount: share });

    // A co-admin may not reopen.
    await h.ok('setting/inviteAdmin', { email: 'evening-co@example.com', role: 'admin' }, token);
    const invite = /invite=([A-Za-z0-9_-]{43})/.exec(h.emails.sent.at(-1)!.text)![1]!;
    const co = await h.adminSignup('evening-co@example.com', '副手');
    await h.ok('setting/acceptInvite', { token: invite }, co.token);
    const before = await h.snapshot();
    const refused = await h.adminCall('settlement/reopen', { sessionId }, { token: co.token });
    expect([refused.status, refused.body.error]).toEqual([403, 'OWNER_ONLY']);
    expect(await h.snapshot()).toEqual(before);

    // The owner may, within 24 hours: the shares leave the bookings, the shuttles go back.
    const owner = async () => (await h.adminLogin('evening@example.com')).body.data!.token;
    const reopened = await h.later(23 * 3_600_000, async () =>
      h.ok<Settlement>('settlement/reopen', { sessionId }, await owner()),
    );
    expect(reopened).toMatchObject({ status: 'open', closedAt: null, reopenUntil: null });
    expect(reopened.reopened).toHaveLength(1);
    expect(reopened.reopened[0]!.by).toBeTruthy();
    expect((await h.ok<ShuttleStock>('shuttles/get', { teamId }, token)).shuttlesUsed).toBe(stockBefore.shuttlesUsed);
    expect(await paymentOfPlayer(players[0]!.token, sessionId)).toMatchObject({ status: 'unpaid', amount: PRICE });
    const again = await h.adminCall('settlement/reopen', { sessionId }, { token });
    expect([again.status, again.body.error]).toEqual([409, 'SETTLEMENT_NOT_CLOSED']);

    // Closed again; past 24 hours it stays closed.
    const reclosed = await h.ok<Settlement>('settlement/close', { sessionId, early: true }, token);
    expect(reclosed.reopened).toHaveLength(1);
    expect(await paymentOfPlayer(players[0]!.token, sessionId)).toMatchObject({ amount: share });
    const late = await h.later(25 * 3_600_000, async () =>
      h.adminCall('settlement/reopen', { sessionId }, { token: await owner() }),
    );
    expect([late.status, late.body.error]).toEqual([409, 'REOPEN_EXPIRED']);
  });
});

describe('where to pay', () => {
  it('takes exactly 5 digits as a transfer report, which stays editable until the team confirms it', async () => {
    const session = await h.newSession(token, { price: PRICE, startsInHours: 5 });
    const [p] = await h.players(1, 'digits');
    await h.join(p!.token, session.id);
    const report = (reference: string) =>
      h.call<Payment>('checkState/payments/reportTransfer', { sessionId: session.id, reference }, { token: p!.token });
    const before = await h.snapshot();
    for (const bad of ['123', '1234', '123456', '12a45', '', '１２３４５']) {
      const res = await report(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
    }
    expect(await h.snapshot()).toEqual(before);
    expect((await report('12345')).body.data!.reported?.reference).toBe('12345');
    // A typo is fixed by reporting again.
    expect((await report(' 54321 ')).body.data!.reported?.reference).toBe('54321');
    expect((await paymentOfPlayer(p!.token, session.id)).reported?.reference).toBe('54321');
    await markPaid({ sessionId: session.id, userId: p!.userId, method: 'transfer', amount: PRICE, reference: '54321' });
    const paid = await paymentOfPlayer(p!.token, session.id);
    expect(paid).toMatchObject({ status: 'paid', reference: '54321' });
    expect(paid.reported).toBeUndefined();
  });
});
