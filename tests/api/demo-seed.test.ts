import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { seedDemoData } from '@shuttle/functions/local/seed.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { taipeiDate, taipeiDayStart } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness, TEST_NOW } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';

/**
 * The demo data of `npm start` offers what the README promises and the journeys pick from, on
 * any day and at any hour: `npm run test:clock` runs this at a Monday 00:05, a Friday 23:55, a
 * month's last day 23:30 and 31 December 23:59 (Taipei) through `SHUTTLE_NOW` (docs/TESTING.md).
 * Its lottery session (docs/FAIR-SIGNUP.md) is tried last, on the same seeded table: seeding costs
 * DynamoDB Local more than all these checks (docs/TESTING.md, "Suite time").
 */

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
  await seedDemoData(h.store, h.clock.now());
});
afterAll(() => h.close());

interface Summary {
  id: string;
  teamId: string;
  status: string;
  remaining: number;
  waitingCount: number;
  price: number;
  bookingClosed: boolean;
  startingSoon: boolean;
  signupMode?: string;
}

async function list(status: string): Promise<Summary[]> {
  const items: Summary[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const answer = await h.call<{ items: Summary[]; nextCursor?: string | null }>('withoutAuth/getSessionList', {
      status,
      limit: 50,
      ...(cursor ? { cursor } : {}),
    });
    expect(answer.status).toBe(200);
    items.push(...answer.body.data!.items);
    cursor = answer.body.data!.nextCursor ?? undefined;
    if (!cursor) break;
  }
  return items;
}

const firstCome = (s: Summary) => !s.bookingClosed && !s.startingSoon && s.signupMode !== 'lottery';

describe(`the demo data at ${TEST_NOW}`, () => {
  it('has bookable first-come sessions with a free place and a price, for the demo admin team too', async () => {
    const open = (await list('open')).filter(firstCome);
    expect(open.filter((s) => s.remaining >= 3).length).toBeGreaterThan(0);
    expect(open.some((s) => s.teamId === 'team-daan-smash' && s.remaining >= 1 && s.price > 0)).toBe(true);
  });

  it('has a full open session with a waitlist', async () => {
    const open = (await list('open')).filter(firstCome);
    expect(open.some((s) => s.remaining === 0 && s.waitingCount > 0)).toBe(true);
  });

  it('has a session under way, ended sessions, and a lottery open for entries today', async () => {
    expect((await list('inProgress')).length).toBeGreaterThan(0);
    expect((await list('ended')).length).toBeGreaterThan(0);
    const lottery = (await list('open')).find((s) => s.id === `demo-lottery-${taipeiDate(h.clock.now())}`);
    expect(lottery?.signupMode).toBe('lottery');
  });

  it('seeds again without changing what exists (npm start tops it up on every start)', async () => {
    const before = await list('open');
    await seedDemoData(h.store, h.clock.now());
    expect(await list('open')).toEqual(before);
  });
});

/**
 * The demo data has a lottery session whose window is open (docs/FAIR-SIGNUP.md), so someone trying
 * the product can enter one: ten players entered for eight places, the demo player can enter too,
 * and the sign-up job draws it when the window closes at midnight. Last: it enters and moves the clock.
 */
interface Detail {
  signupMode: string;
  lottery: { drawAt: string; seed: string | null; drawnAt: string | null };
  acceptedCount: number;
  waitingCount: number;
}

describe('the demo lottery session', () => {
  it('is listed open, takes the demo player as an entry, and is drawn at midnight by the job', async () => {
    const today = taipeiDate(h.clock.now());
    const id = `demo-lottery-${today}`;
    expect((await list('open')).map((s) => s.id)).toContain(id);

    const detail = (await h.call<Detail>('withoutAuth/getDetail', { sessionId: id })).body.data!;
    expect(detail.signupMode).toBe('lottery');
    expect(detail.lottery).toMatchObject({ seed: null, drawnAt: null });
    const midnight = Date.parse(taipeiDayStart(today)) + 24 * 3_600_000;
    expect(Date.parse(detail.lottery.drawAt)).toBe(midnight);
    // A visitor sees how many entered, never who (docs/PRIVACY.md); a signed-in player sees the entries.
    const counts = await h.call<{ enteredCount: number }>('withoutAuth/getMemberList', { sessionId: id });
    expect(counts.body.data!.enteredCount).toBe(10);
    const viewer = await h.login('Udemoviewer', '看名單');
    const members = await h.call<{ entered: unknown[] }>(
      'checkState/sessionList/getMemberList',
      { sessionId: id },
      { token: viewer },
    );
    expect(members.body.data!.entered).toHaveLength(10);

    const token = await h.login('Udemoplayer0000000000000000000001', '王小明');
    const joined = await h.call<{ status: string }>('checkState/sessionList/joinSession', { sessionId: id }, { token });
    expect(joined.body.data!.status).toBe('entered');

    h.clock.set(new Date(midnight));
    expect(await runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }))).toMatchObject({
      draws: 1,
      settled: 11,
    });
    const after = (await h.call<Detail>('withoutAuth/getDetail', { sessionId: id })).body.data!;
    expect(after).toMatchObject({ acceptedCount: 8, waitingCount: 3 });
    expect(after.lottery.seed).toMatch(/^[0-9a-f]{64}$/);
    await expectSessionInvariants(h.store, id);
  });

  it("a start on the next day writes that day's lottery and leaves the drawn one as it is", async () => {
    const yesterday = `demo-lottery-${taipeiDate(new Date(h.clock.now().getTime() - 3_600_000))}`;
    const drawn = (await h.call<Detail>('withoutAuth/getDetail', { sessionId: yesterday })).body.data!;
    // The clock stands at midnight, where the test above left it: a new Taipei day.
    const today = `demo-lottery-${taipeiDate(h.clock.now())}`;
    expect(today).not.toBe(yesterday);
    expect((await h.call('withoutAuth/getDetail', { sessionId: today })).status).toBe(404);

    await seedDemoData(h.store, h.clock.now());

    const fresh = (await h.call<Detail>('withoutAuth/getDetail', { sessionId: today })).body.data!;
    expect(fresh.lottery).toMatchObject({ seed: null, drawnAt: null });
    expect(
      (await h.call<{ enteredCount: number }>('withoutAuth/getMemberList', { sessionId: today })).body.data!
        .enteredCount,
    ).toBe(10);
    expect((await h.call<Detail>('withoutAuth/getDetail', { sessionId: yesterday })).body.data).toEqual(drawn);
  });
});
