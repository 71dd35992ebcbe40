import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { seedDemoData } from '@shuttle/functions/local/seed.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { taipeiDate, taipeiDayStart } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';

/**
 * The demo data of `npm start` has a lottery session whose window is open (docs/FAIR-SIGNUP.md),
 * so someone trying the product can enter one: ten players entered for eight places, the demo
 * player can enter too, and the sign-up job draws it when the window closes at midnight.
 */

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
  await seedDemoData(h.store, h.clock.now());
});
afterAll(() => h.close());

interface Summary {
  id: string;
  title: string;
  signupMode?: string;
}
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
    const list = await h.call<{ items: Summary[] }>('withoutAuth/getSessionList', { status: 'open', limit: 50 });
    expect(list.body.data!.items.map((s) => s.id)).toContain(id);

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
});
