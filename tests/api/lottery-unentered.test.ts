import { createHash } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';

/**
 * A lottery is drawn when its window closes even if nobody entered (docs/FAIR-SIGNUP.md, "The
 * sign-up job"): creating lottery sessions writes one sign-up job marker for the create call,
 * so the job finds every lottery without a scan and without an entry, reveals its seed at the
 * draw, follows a moved sign-up, and works through a batch of weekly lotteries one draw at a time.
 */

let h: AdminHarness;
let token: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('unentered@example.com', '無人抽籤隊'));
});
afterAll(() => h.close());

const MINUTE = 60_000;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const jobs = () => runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));

interface LotteryDetail {
  lottery: { drawAt: string; seedHash: string; seed: string | null; drawnAt: string | null; entries: unknown[] };
}
const lotteryOf = async (sessionId: string) =>
  (await h.call<LotteryDetail>('withoutAuth/getDetail', { sessionId })).body.data!.lottery;

/** The sign-up job markers naming these sessions (one partition, `SIGNUPJOBS`). */
async function markers(sessionIds: string[]) {
  const { Items } = await h.store.doc.send(
    new QueryCommand({
      TableName: h.store.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'SIGNUPJOBS' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).filter(
    (m) =>
      sessionIds.includes(m.sessionId) ||
      (m.draws as string[] | undefined)?.some((d) => sessionIds.includes(d.split('|')[1]!)),
  );
}

describe('a lottery nobody enters', () => {
  it('is drawn by the job when its window closes, revealing the seed that matches the published hash', async () => {
    const opensAt = h.clock.now().toISOString();
    const session = await h.newSession(token, { signupMode: 'lottery', lotteryMinutes: 5, signupOpensAt: opensAt });
    expect(await markers([session.id]), 'the create call wrote the draw marker').toHaveLength(1);
    const before = await lotteryOf(session.id);
    expect(before).toMatchObject({ seed: null, drawnAt: null });

    h.clock.advance(4 * MINUTE);
    expect(await jobs()).toMatchObject({ draws: 0 });
    expect((await lotteryOf(session.id)).seed, 'no reveal before the window closes').toBeNull();

    h.clock.advance(MINUTE);
    expect(await jobs()).toMatchObject({ draws: 1, settled: 0 });
    const after = await lotteryOf(session.id);
    expect(after.drawnAt).toBe(h.clock.now().toISOString());
    expect(after.entries).toEqual([]);
    expect(sha256(after.seed!)).toBe(before.seedHash);
    expect(await markers([session.id]), 'the work is done: no marker left').toEqual([]);
    expect(await jobs()).toMatchObject({ draws: 0 });
    const { session: stored } = await expectSessionInvariants(h.store, session.id);
    expect(stored).toMatchObject({ acceptedCount: 0, remaining: 4, waitingCount: 0 });
  });

  it('follows a sign-up moved earlier: drawn when the moved window closes', async () => {
    const start = h.clock.now();
    const opensAt = new Date(h.clock.now().getTime() + 60 * MINUTE).toISOString();
    const session = await h.newSession(token, { signupMode: 'lottery', lotteryMinutes: 5, signupOpensAt: opensAt });
    const moved = await h.adminCall(
      'courtSession/updateVenue',
      { sessionId: session.id, signupOpensAt: h.clock.now().toISOString() },
      { token },
    );
    expect(moved.status).toBe(200);
    h.clock.advance(5 * MINUTE);
    expect(await jobs()).toMatchObject({ draws: 1 });
    expect((await lotteryOf(session.id)).seed).toMatch(/^[0-9a-f]{64}$/);
    // The create call's marker, still due at the old time, finds the draw done and goes.
    h.clock.advance(60 * MINUTE);
    expect(await jobs()).toMatchObject({ draws: 0 });
    expect(await markers([session.id])).toEqual([]);
    h.clock.set(start);
  });

  it('a batch of weekly lotteries is one marker, drawn one week at a time', async () => {
    const start = h.clock.now();
    const created = await h.ok<{ sessions: { id: string }[] }>(
      'createSession/createSession',
      h.sessionBody({
        publishState: 1,
        repeat: { weeks: 3 },
        signupMode: 'lottery',
        lotteryMinutes: 5,
        signupOpensAt: start.toISOString(),
      }),
      token,
    );
    const ids = created.sessions.map((s) => s.id);
    expect(ids).toHaveLength(3);
    const [marker, ...others] = await markers(ids);
    expect(others).toEqual([]);
    expect(marker!.draws).toHaveLength(3);

    h.clock.advance(5 * MINUTE);
    expect(await jobs()).toMatchObject({ draws: 1 });
    expect((await lotteryOf(ids[0]!)).seed).not.toBeNull();
    expect((await lotteryOf(ids[1]!)).seed).toBeNull();
    const left = await markers(ids);
    expect(left.map((m) => m.draws)).toEqual([marker!.draws.slice(1)]);

    h.clock.advance(7 * 24 * 60 * MINUTE);
    expect(await jobs()).toMatchObject({ draws: 1 });
    h.clock.advance(7 * 24 * 60 * MINUTE);
    expect(await jobs()).toMatchObject({ draws: 1 });
    for (const id of ids) expect((await lotteryOf(id)).drawnAt).not.toBeNull();
    expect(await markers(ids)).toEqual([]);
    h.clock.set(start);
  });
});
