import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { type AdminSession, type SessionSummary, sessionState } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/**
 * A lottery says so everywhere (issue 30, item 6): while it takes entries every session shape,
 * the member list, the detail and the admin's lists, carries `lotteryEntrants` (people, guests
 * counted), so cards read "11 人抽 8 位" and both apps show one badge; once drawn it is gone.
 */

let h: AdminHarness;
let token: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('lottery-places@example.com', '抽籤名額隊'));
});
afterAll(() => h.close());

const MINUTE = 60_000;

describe('a lottery taking entries', () => {
  it('counts its entrants on every shape, and stops once drawn', async () => {
    const opensAt = h.clock.now().toISOString();
    const session = await h.newSession(token, {
      signupMode: 'lottery',
      lotteryMinutes: 30,
      signupOpensAt: opensAt,
      capacity: 8,
    });
    expect(session.lotteryEntrants).toBe(0);
    const [a, b] = await h.players(2, 'lotplaces');
    await h.join(a!.token, session.id);
    const party = await h.call<{ status: string }>(
      'checkState/sessionList/joinSession',
      { sessionId: session.id, partySize: 3 },
      { token: b!.token },
    );
    expect(party.body.data?.status).toBe('entered');

    const detail = (await h.call<SessionSummary>('withoutAuth/getDetail', { sessionId: session.id })).body.data!;
    expect(detail.lotteryEntrants).toBe(4);
    expect(sessionState(detail)).toMatchObject({ badge: 'lottery', action: 'enter' });
    expect(sessionState(detail).places).toEqual({ kind: 'lottery', entrants: 4, capacity: 8 });

    const admin = await h.ok<AdminSession>('courtSession/getDetail', { sessionId: session.id }, token);
    expect(admin.lotteryEntrants).toBe(4);
    const listed = await h.ok<{ items: AdminSession[] }>('courtSession/upcommingSessions', {}, token);
    expect(listed.items.find((s) => s.id === session.id)?.lotteryEntrants).toBe(4);

    h.clock.advance(30 * MINUTE);
    await runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));
    const drawn = (await h.call<SessionSummary>('withoutAuth/getDetail', { sessionId: session.id })).body.data!;
    expect(drawn.lotteryEntrants).toBeUndefined();
    expect(drawn.acceptedCount).toBe(4);
    expect(sessionState(drawn).badge).toBe('open');
  });

  it('is not a lottery line for a first-come session', async () => {
    const session = await h.newSession(token, { signupMode: 'firstCome' });
    expect(session.lotteryEntrants).toBeUndefined();
  });
});
