import type { OutstandingItem, Payment, SessionDetail } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('money@example.com', '收費隊'));
});
afterAll(() => h.close());

type Outstanding = { items: OutstandingItem[]; total: number; overdue: number };
const detailOf = async (sessionId: string, memberToken: string) => {
  const res = await h.call<SessionDetail>('checkState/sessionList/getDetail', { sessionId }, { token: memberToken });
  expect(res.status).toBe(200);
  return res.body.data!;
};

describe('payments per booking', () => {
  it('the admin OpenAPI names every money call', async () => {
    const res = await h.adminApp.request('/api/admin/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, { post?: { responses: Record<string, unknown> } }> };
    for (const path of [
      'payments/markPaid',
      'payments/markUnpaid',
      'payments/getOutstanding',
      'payments/usePass',
      'passes/sell',
      'noShow/updateRule',
      'noShow/liftSuspension',
      'reports/exportCsv',
    ]) {
      expect(doc.paths[`/api/admin/${path}`]?.post, path).toBeDefined();
    }
    const csv = doc.paths['/api/admin/reports/exportCsv']!.post!.responses['200'] as {
      content: Record<string, unknown>;
    };
    expect(Object.keys(csv.content)).toEqual(['text/csv']);
    const markPaid = JSON.stringify(doc.paths['/api/admin/payments/markPaid']);
    for (const method of ['cash', 'transfer', 'linePay', 'jkoPay', 'other']) expect(markPaid).toContain(method);
  });

  it('a booked player is outstanding until payments/markPaid, which is idempotent', async () => {
    const session = await h.newSession(token, { price: 250 });
    const [p, q] = await h.players(2, 'owe');
    await h.join(p!.token, session.id);
    await h.join(q!.token, session.id);

    const detail = await detailOf(session.id, p!.token);
    expect(detail.myBooking?.payment).toEqual({ status: 'unpaid', amount: 250, method: null, paidAt: null });

    const before = await h.ok<Outstanding>('payments/getOutstanding', { teamId }, token);
    expect(before.items.filter((i) => i.sessionId === session.id).map((i) => i.userId)).toEqual([p!.userId, q!.userId]);
    expect(before.total).toBe(500);

    const body = { sessionId: session.id, userId: p!.userId, method: 'transfer', amount: 250, reference: '12345' };
    const paid = await h.ok<{ payment: Payment }>('payments/markPaid', body, token);
    expect(paid.payment).toMatchObject({ status: 'paid', amount: 250, method: 'transfer', reference: '12345' });
    expect(paid.payment.paidAt).toBe(h.clock.now().toISOString());

    // Again (a retry, or a second tap): the first payment stands and nothing is written.
    const snapshot = await h.snapshot();
    const again = await h.later(60_000, () =>
      h.ok<{ payment: Payment }>('payments/markPaid', { ...body, method: 'cash', amount: 300 }, token),
    );
    expect(again.payment).toEqual(paid.payment);
    expect(await h.snapshot()).toEqual(snapshot);

    const after = await h.ok<Outstanding>('payments/getOutstanding', { teamId }, token);
    expect(after.items.map((i) => i.userId)).toEqual([q!.userId]);
    expect(after.total).toBe(250);
    expect((await detailOf(session.id, p!.token)).myBooking?.payment).toMatchObject({
      status: 'paid',
      method: 'transfer',
    });

    // Undo: owes again.
    const undone = await h.ok<{ payment: Payment }>(
      'payments/markUnpaid',
      { sessionId: session.id, userId: p!.userId },
      token,
    );
    expect(undone.payment.status).toBe('unpaid');
    const undoneList = await h.ok<Outstanding>('payments/getOutstanding', { teamId }, token);
    expect(undoneList.items.map((i) => i.userId)).toEqual([p!.userId, q!.userId]);
  });

  it('lists the oldest sessions first, and waived bookings owe nothing', async () => {
    const { token: t2, teamId: team2 } = await h.adminWithTeam('order@example.com');
    const later = await h.newSession(t2, { startsInHours: 72 });
    const sooner = await h.newSession(t2, { startsInHours: 24 });
    const [p] = await h.players(1, 'order');
    await h.join(p!.token, later.id);
    await h.join(p!.token, sooner.id);
    const list = await h.ok<Outstanding>('payments/getOutstanding', { teamId: team2 }, t2);
    expect(list.items.map((i) => i.sessionId)).toEqual([sooner.id, later.id]);

    await h.ok('payments/waive', { sessionId: sooner.id, userId: p!.userId }, t2);
    const waived = await h.ok<Outstanding>('payments/getOutstanding', { teamId: team2 }, t2);
    expect(waived.items.map((i) => i.sessionId)).toEqual([later.id]);
    expect((await detailOf(sooner.id, p!.token)).myBooking?.payment?.status).toBe('waived');
  });

  it('收費 and the revenue figures count unpaid the same way: ended vs to come, waived and pass-covered left out', async () => {
    const { token: t3, teamId: team3 } = await h.adminWithTeam('agree@example.com');
    const ended = await h.newSession(t3, { startsInHours: 1, price: 200 });
    const coming = await h.newSession(t3, { startsInHours: 72, price: 300 });
    const [payer, waived, holder] = await h.players(3, 'agree');
    await h.call('checkState/member/joinTeam', { teamId: team3 }, { token: holder!.token });
    for (const p of [payer!, waived!, holder!]) {
      await h.join(p.token, ended.id);
      await h.join(p.token, coming.id);
    }
    await h.ok('payments/waive', { sessionId: ended.id, userId: waived!.userId }, t3);
    const day = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString().slice(0, 10);
    await h.ok(
      'passes/sell',
      {
        teamId: team3,
        userId: holder!.userId,
        name: '季打',
        credits: 1,
        validFrom: day(0),
        validUntil: day(30 * 86_400_000),
        price: 1000,
        method: 'cash',
      },
      t3,
    );
    // Four hours on, the first session has ended (2 h long).
    const { list, money } = await h.later(4 * 3_600_000, async () => {
      const fresh = (await h.adminLogin('agree@example.com')).body.data!.token;
      return {
        list: await h.ok<Outstanding>('payments/getOutstanding', { teamId: team3 }, fresh),
        money: await h.ok<{ outstanding: number }>(
          'reports/payments',
          { teamId: team3, month: ended.startsAt.slice(0, 7) },
          fresh,
        ),
      };
    });
    // The pass's one credit covers the holder's older booking; the newer one is owed.
    expect(list.items.filter((i) => i.userId === holder!.userId).map((i) => i.passId !== null)).toEqual([true, false]);
    // Owed: payer 200 (ended) + payer 300 + waived 300 + holder 300 (to come); the waived and covered rows are not.
    expect(list.overdue).toBe(200);
    expect(list.total).toBe(200 + 300 * 3);
    // The revenue figure of the month is the 收費 list's overdue part of that month.
    const endedMonth = list.items
      .filter((i) => !i.passId && i.sessionId === ended.id)
      .reduce((sum, i) => sum + i.amount, 0);
    expect(money.outstanding).toBe(endedMonth);
    expect(money.outstanding).toBe(200);
  });

  it('never pays a cancelled or waiting booking, and refunds a cancelled paid one', async () => {
    const session = await h.newSession(token, { capacity: 1 });
    const [a, b] = await h.players(2, 'cxl');
    await h.join(a!.token, session.id);
    await h.join(b!.token, session.id); // waiting
    const pay = (userId: string) =>
      h.adminCall('payments/markPaid', { sessionId: session.id, userId, method: 'cash', amount: 200 }, { token });

    const waiting = await pay(b!.userId);
    expect(waiting.status).toBe(409);
    expect(waiting.body.error).toBe('PAYMENT_NOT_ALLOWED');

    expect((await pay(a!.userId)).status).toBe(200);
    await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: a!.token });
    const snapshot = await h.snapshot();
    const cancelled = await pay(a!.userId);
    // Already paid before the cancellation: answered as it is, nothing written.
    expect(cancelled.status).toBe(200);
    expect(await h.snapshot()).toEqual(snapshot);
    const refunded = await h.ok<{ payment: Payment }>(
      'payments/markUnpaid',
      { sessionId: session.id, userId: a!.userId },
      token,
    );
    expect(refunded.payment.status).toBe('refunded');
    // A refunded, cancelled booking can never be paid again.
    const repaid = await pay(a!.userId);
    expect(repaid.status).toBe(409);
    expect(repaid.body.error).toBe('PAYMENT_NOT_ALLOWED');
  });

  it('takes a player-reported transfer and the admin confirms it', async () => {
    const session = await h.newSession(token);
    const [p] = await h.players(1, 'report');
    await h.join(p!.token, session.id);
    const reported = await h.call<Payment>(
      'checkState/payments/reportTransfer',
      { sessionId: session.id, reference: '12345' },
      { token: p!.token },
    );
    expect(reported.status).toBe(200);
    expect(reported.body.data).toMatchObject({ status: 'unpaid', reported: { reference: '12345' } });
    const list = await h.ok<Outstanding>('payments/getOutstanding', { teamId }, token);
    expect(list.items.find((i) => i.userId === p!.userId)?.payment.reported?.reference).toBe('12345');
    await h.ok(
      'payments/markPaid',
      { sessionId: session.id, userId: p!.userId, method: 'transfer', amount: 200, reference: '12345' },
      token,
    );
    const detail = await detailOf(session.id, p!.token);
    expect(detail.myBooking?.payment).toMatchObject({ status: 'paid', reference: '12345' });
    expect(detail.myBooking?.payment?.reported).toBeUndefined();
  });

  it("adds no read to the join path, and the outstanding list reads by key, bounded by the team's sessions", async () => {
    const { token: t3, teamId: team3 } = await h.adminWithTeam('reads@example.com');
    const sessions = [await h.newSession(t3), await h.newSession(t3, { startsInHours: 72 })];
    const [p] = await h.players(1, 'reads');
    const join = await h.record(() => h.join(p!.token, sessions[0]!.id));
    // The engine's path: one consistent GetItem of the session, one transaction (docs/ARCHITECTURE.md);
    // the member token check reads nothing for a player this process saw sign in (docs/PRIVACY.md).
    expect(join.commands.map((c) => c.name)).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
    // Nothing of money rides on the join: no pass, no payment.
    const written = JSON.stringify(join.commands[1]!.input.TransactItems);
    expect(written).not.toContain('PASS#');
    expect(written).not.toContain('payment');

    const { commands } = await h.record(() => h.ok('payments/getOutstanding', { teamId: team3 }, t3));
    const names = commands.map((c) => c.name);
    expect(names.filter((n) => n.startsWith('Scan'))).toEqual([]);
    // Admin token and team scope, the team's sessions and passes, then one Query per session.
    expect(names.filter((n) => n === 'QueryCommand')).toHaveLength(2 + sessions.length);
    expect(names.length).toBeLessThanOrEqual(4 + sessions.length);
    console.info(
      `payments/getOutstanding with ${sessions.length} sessions: ${names.length} calls (${names.join(', ')})`,
    );
  });

  it('refuses bad input and other teams with an envelope, writing nothing', async () => {
    const session = await h.newSession(token);
    const [p] = await h.players(1, 'bad');
    await h.join(p!.token, session.id);
    const { token: stranger } = await h.adminWithTeam('stranger@example.com');
    const snapshot = await h.snapshot();
    const good = { sessionId: session.id, userId: p!.userId, method: 'cash', amount: 200 };
    for (const [body, status] of [
      [{ ...good, method: 'bitcoin' }, 400],
      [{ ...good, amount: -1 }, 400],
      [{ ...good, amount: 100_001 }, 400],
      [{ ...good, reference: 'x'.repeat(41) }, 400],
      [{ ...good, extra: 1 }, 400],
      [{ ...good, userId: 'line_nobody' }, 404],
    ] as const) {
      const res = await h.adminCall('payments/markPaid', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
    }
    const other = await h.adminCall('payments/markPaid', good, { token: stranger });
    expect(other.status).toBe(403);
    const otherList = await h.adminCall('payments/getOutstanding', { teamId }, { token: stranger });
    expect(otherList.status).toBe(403);
    const badReport = await h.call(
      'checkState/payments/reportTransfer',
      { sessionId: session.id, reference: '<script>' },
      { token: p!.token },
    );
    expect(badReport.status).toBe(400);
    expect(await h.snapshot()).toEqual(snapshot);
  });
});
