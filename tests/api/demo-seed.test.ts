import { seedDemoData } from '@shuttle/functions/local/seed.ts';
import { taipeiDate } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness, TEST_NOW } from '../support/harness.ts';

/**
 * The demo data of `npm start` offers what the README promises and the journeys pick from, on
 * any day and at any hour: `npm run test:clock` runs this at a Monday 00:05, a Friday 23:55, a
 * month's last day 23:30 and 31 December 23:59 (Taipei) through `SHUTTLE_NOW` (docs/TESTING.md).
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
