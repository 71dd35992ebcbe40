import type { Pass, Payment } from '@shuttle/shared';
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
});
