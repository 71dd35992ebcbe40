import type { Pass, Payment, TeamCredit } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { type Fault, injectFaults } from '../support/faults.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
let plan: (command: string) => Fault | null = () => null;
beforeAll(async () => {
  h = await createAdminHarness({
    retry: { attempts: 30, baseDelayMs: 2, maxDelayMs: 40 },
    wrapStore: (store) => {
      injectFaults(store, (command) => plan(command));
    },
  });
  ({ token, teamId } = await h.adminWithTeam('faults-money@example.com', '故障隊'));
});
afterAll(() => h.close());

/** Lets the next `n` calls of `command` commit, then throws as if the answer was lost on the way back. */
function loseAnswers(n: number, command: string) {
  let left = n;
  const tokens: string[] = [];
  h.store.doc.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== command) return next(args);
      tokens.push(String((args.input as { ClientRequestToken?: string }).ClientRequestToken));
      const result = await next(args);
      if (left-- > 0)
        throw Object.assign(new Error('connection reset after commit'), { name: 'InternalServerError', $metadata: {} });
      return result;
    },
    { step: 'initialize', name: 'loseAnswer' },
  );
  return { tokens, done: () => h.store.doc.middlewareStack.remove('loseAnswer') };
}

async function setup(prefix: string, credits = 3) {
  const [p] = await h.players(1, prefix);
  await h.call('checkState/member/joinTeam', { teamId }, { token: p!.token });
  const day = h.clock.now().toISOString().slice(0, 10);
  const pass = await h.ok<Pass>(
    'passes/sell',
    {
      teamId,
      userId: p!.userId,
      name: '季打',
      credits,
      validFrom: day,
      validUntil: '2027-06-30',
      price: 500,
      method: 'cash',
    },
    token,
  );
  const session = await h.newSession(token);
  await h.join(p!.token, session.id);
  return { p: p!, pass, session };
}

const remainingOf = async (passId: string) =>
  (await h.ok<{ passes: Pass[] }>('passes/list', { teamId }, token)).passes.find((x) => x.passId === passId)?.remaining;

describe('money under faults', () => {
  it('a pass use whose answer is lost after commit is retried with the same token: one credit used', async () => {
    const { p, pass, session } = await setup('lostpass');
    const lost = loseAnswers(1, 'TransactWriteItemsCommand');
    const res = await h.adminCall<{ payment: Payment }>(
      'payments/usePass',
      { sessionId: session.id, userId: p.userId, passId: pass.passId },
      { token },
    );
    lost.done();
    expect(res.status).toBe(200);
    expect(res.body.data!.payment).toMatchObject({ status: 'paid', passId: pass.passId });
    expect(lost.tokens).toHaveLength(2);
    expect(lost.tokens[1]).toBe(lost.tokens[0]);
    expect(await remainingOf(pass.passId)).toBe(2);
  });

  it('a whole call retried by the client after a lost answer uses no second credit', async () => {
    const { p, pass, session } = await setup('retrypass');
    // Every try of the transaction loses its answer: the call fails, though the first try committed.
    const lost = loseAnswers(100, 'TransactWriteItemsCommand');
    const body = { sessionId: session.id, userId: p.userId, passId: pass.passId };
    const failed = await h.adminCall('payments/usePass', body, { token });
    lost.done();
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const retried = await h.adminCall<{ payment: Payment }>('payments/usePass', body, { token });
    expect(retried.status).toBe(200);
    expect(retried.body.data!.payment.passId).toBe(pass.passId);
    expect(await remainingOf(pass.passId)).toBe(2);
  });

  it('markPaid retried after a lost answer keeps the first payment', async () => {
    const { p, session } = await setup('lostpaid');
    const lost = loseAnswers(1, 'UpdateItemCommand');
    const body = { sessionId: session.id, userId: p.userId, method: 'cash', amount: 200 };
    const failed = await h.adminCall('payments/markPaid', body, { token });
    lost.done();
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const retried = await h.adminCall<{ payment: Payment }>(
      'payments/markPaid',
      { ...body, method: 'transfer' },
      { token },
    );
    expect(retried.status).toBe(200);
    expect(retried.body.data!.payment).toMatchObject({ status: 'paid', method: 'cash' });
  });

  it('TransactionConflict on a pass use is retried and settles once', async () => {
    const { p, pass, session } = await setup('conflictpass');
    let left = 4;
    plan = (c) => (c === 'TransactWriteItemsCommand' && left-- > 0 ? 'conflict' : null);
    const res = await h.adminCall(
      'payments/usePass',
      { sessionId: session.id, userId: p.userId, passId: pass.passId },
      { token },
    );
    plan = () => null;
    expect(res.status).toBe(200);
    expect(await remainingOf(pass.passId)).toBe(2);
  });

  /**
   * A per-head night closed early (docs/MONEY.md, "Refunds and credit"): the player paid 200 and
   * was present alone with a night of 150, so their share is 150 and 50 is due back.
   */
  async function prepaidNight(prefix: string) {
    const { p, session } = await setup(prefix);
    const paid = await h.adminCall(
      'payments/markPaid',
      { sessionId: session.id, userId: p.userId, method: 'transfer', amount: 200 },
      { token },
    );
    expect(paid.status).toBe(200);
    await h.ok('signed/signed', { sessionId: session.id, userId: p.userId, attendance: 'attended' }, token);
    await h.ok(
      'settlement/update',
      {
        sessionId: session.id,
        courtFeePerHour: 0,
        shuttlesUsed: 0,
        otherCosts: [{ label: '場地', amount: 150 }],
        split: 'perHead',
      },
      token,
    );
    await h.ok('settlement/close', { sessionId: session.id, early: true }, token);
    return { p, session };
  }

  const creditOf = async (userId: string) =>
    (await h.ok<{ credits: TeamCredit[] }>('payments/credits', { teamId }, token)).credits.find(
      (c) => c.userId === userId,
    )?.balance ?? 0;
  /** Settling again the same way answers the payment as it is (idempotent). */
  const bookingPayment = async (sessionId: string, userId: string) =>
    (await h.ok<{ payment: Payment }>('payments/settleRefund', { sessionId, userId, as: 'credit' }, token)).payment;

  it('a refund kept as credit whose answer is lost after commit is retried with the same token: credited once', async () => {
    const { p, session } = await prepaidNight('lostcredit');
    const lost = loseAnswers(1, 'TransactWriteItemsCommand');
    const res = await h.adminCall<{ payment: Payment }>(
      'payments/settleRefund',
      { sessionId: session.id, userId: p.userId, as: 'credit' },
      { token },
    );
    lost.done();
    expect(res.status).toBe(200);
    expect(res.body.data!.payment).toMatchObject({ amount: 150, paid: 200, refund: { amount: 50, as: 'credit' } });
    expect(res.body.data!.payment.refundDue).toBeUndefined();
    expect(lost.tokens[1]).toBe(lost.tokens[0]);
    expect(await creditOf(p.userId)).toBe(50);
  });

  it('a settle retried by the client after every answer was lost credits once; the other way is refused', async () => {
    const { p, session } = await prepaidNight('retrycredit');
    const lost = loseAnswers(100, 'TransactWriteItemsCommand');
    const body = { sessionId: session.id, userId: p.userId, as: 'credit' };
    const failed = await h.adminCall('payments/settleRefund', body, { token });
    lost.done();
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await bookingPayment(session.id, p.userId)).refund).toMatchObject({ amount: 50, as: 'credit' });
    expect(await creditOf(p.userId)).toBe(50);
    const other = await h.adminCall('payments/settleRefund', { ...body, as: 'refunded' }, { token });
    expect([other.status, other.body.error]).toEqual([409, 'REFUND_SETTLED']);
    // Undoing the payment would count the money twice: refused, nothing changes.
    const undo = await h.adminCall('payments/markUnpaid', { sessionId: session.id, userId: p.userId }, { token });
    expect([undo.status, undo.body.error]).toEqual([409, 'REFUND_SETTLED']);
    expect(await creditOf(p.userId)).toBe(50);
  });

  it('TransactionConflict on settling a refund is retried and settles once; credit is then taken once by a payment whose answer is lost', async () => {
    const { p, session } = await prepaidNight('conflictrefund');
    let left = 2;
    plan = (c) => (c === 'TransactWriteItemsCommand' && left-- > 0 ? 'conflict' : null);
    const res = await h.adminCall(
      'payments/settleRefund',
      { sessionId: session.id, userId: p.userId, as: 'credit' },
      { token },
    );
    plan = () => null;
    expect(res.status).toBe(200);
    expect(await creditOf(p.userId)).toBe(50);

    // The next session: 200 owed, 50 of it from the credit; the answer of the payment is lost once.
    const next = await h.newSession(token);
    await h.join(p.token, next.id);
    const lost = loseAnswers(1, 'TransactWriteItemsCommand');
    const paid = await h.adminCall<{ payment: Payment }>(
      'payments/markPaid',
      { sessionId: next.id, userId: p.userId, method: 'cash', amount: 150, credit: 50 },
      { token },
    );
    lost.done();
    expect(paid.status).toBe(200);
    expect(paid.body.data!.payment).toMatchObject({ status: 'paid', creditUsed: 50 });
    expect(await creditOf(p.userId)).toBe(0);
    // A second payment with credit finds none left and changes nothing.
    const again = await h.adminCall(
      'payments/markPaid',
      { sessionId: next.id, userId: p.userId, method: 'cash', amount: 150, credit: 50 },
      { token },
    );
    expect(again.status).toBe(200);
    expect(await creditOf(p.userId)).toBe(0);
  });
});
