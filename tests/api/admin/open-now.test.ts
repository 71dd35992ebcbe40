import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import type { AdminSession } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';

/**
 * Opening sign-up now (issue 22; docs/DECISIONS.md, "Opening sign-up now"): turning the 開放報名
 * switch on before the scheduled opening opens sign-up at once, quietly, and moves a lottery's
 * window with it; on a session already open it changes nothing but the switch.
 */

let h: AdminHarness;
let token: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('opennow@example.com', '立即開放羽球隊'));
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const later = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString();
const open = (sessionId: string, isOpen = true) =>
  h.ok<AdminSession>('courtSession/switchOpening', { sessionId, open: isOpen }, token);
const memberDetail = (sessionId: string) =>
  h.call<{ status: string; lottery?: { drawAt: string; entryCount: number; drawnAt: string | null } }>(
    'withoutAuth/getDetail',
    { sessionId },
  );

describe('courtSession/switchOpening { open: true }', () => {
  it('opens a session scheduled to open tomorrow now: 報名中 at once, players join, nobody is told', async () => {
    const session = await h.newSession(token, { signupOpensAt: later(24 * HOUR), startsInHours: 72 });
    expect(session.status).toBe('notYetOpen');
    const [p] = await h.players(1, 'opennow');
    expect((await h.join(p!.token, session.id)).status).not.toBe(200);

    const opened = await open(session.id);
    expect(opened).toMatchObject({ status: 'open', bookingClosed: false, signupOpensAt: h.clock.now().toISOString() });
    expect((await memberDetail(session.id)).body.data!.status).toBe('open');
    expect((await h.join(p!.token, session.id)).body.data).toMatchObject({ status: 'accepted' });
    // A quiet change: no player or group notice of a changed session.
    expect((await h.outbox(session.id)).filter((r) => String(r.kind).includes('Changed'))).toEqual([]);
  });

  it("moves a lottery's window with the opening: entries now, the draw lotteryMinutes later", async () => {
    const session = await h.newSession(token, {
      signupMode: 'lottery',
      lotteryMinutes: 10,
      signupOpensAt: later(24 * HOUR),
      startsInHours: 72,
    });
    await open(session.id);
    const detail = (await memberDetail(session.id)).body.data!;
    expect(detail.lottery).toMatchObject({ drawAt: later(10 * 60_000), entryCount: 0, drawnAt: null });
    const [p] = await h.players(1, 'opennowlot');
    expect((await h.join(p!.token, session.id)).body.data).toMatchObject({ status: 'entered' });

    // The draw marker moved with the window: the sign-up job draws 10 minutes from now, not tomorrow.
    const start = h.clock.now();
    h.clock.set(new Date(start.getTime() + 10 * 60_000 + 1_000));
    try {
      const run = await runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));
      expect(run.draws).toBe(1);
      expect((await memberDetail(session.id)).body.data!.lottery).toMatchObject({ entryCount: 1 });
      expect((await memberDetail(session.id)).body.data!.lottery!.drawnAt).not.toBeNull();
    } finally {
      h.clock.set(start);
    }
  });

  it('keeps the opening of a session already open; closing and reopening only flips the switch', async () => {
    const session = await h.newSession(token);
    const closed = await open(session.id, false);
    expect(closed.bookingClosed).toBe(true);
    const reopened = await open(session.id);
    expect(reopened).toMatchObject({ bookingClosed: false, status: 'open', signupOpensAt: session.signupOpensAt });
  });

  it('closing a session scheduled to open keeps its opening', async () => {
    const opensAt = later(24 * HOUR);
    const session = await h.newSession(token, { signupOpensAt: opensAt, startsInHours: 72 });
    const closed = await open(session.id, false);
    expect(closed).toMatchObject({ bookingClosed: true, status: 'notYetOpen', signupOpensAt: opensAt });
  });

  it('refuses a bad body with 400 VALIDATION_FAILED and changes nothing', async () => {
    const session = await h.newSession(token, { signupOpensAt: later(24 * HOUR), startsInHours: 72 });
    const before = await h.snapshot();
    const res = await h.adminCall('courtSession/switchOpening', { sessionId: session.id, open: 'yes' }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    expect(await h.snapshot()).toEqual(before);
  });
});
