import type { RotationAdminBoard } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { readSessionState } from '../support/invariants.ts';

/** Self check-in by the QR at the venue (docs/ON-COURT.md, "Self check-in"). */
let h: AdminHarness;
let token: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('selfcheck@example.com', '自助隊'));
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const scan = (sessionId: string, code: string, player: string) =>
  h.call<{ attendance: string; checkedInAt: string; alreadyCheckedIn: boolean }>(
    'checkState/booked/selfCheckIn',
    { sessionId, code },
    { token: player },
  );
const codeOf = async (sessionId: string) =>
  (await h.ok<{ code: string }>('signed/getSelfCheckIn', { sessionId }, token)).code;

describe('self check-in', () => {
  it('checks a booked player in from 1 h before the start, once; the board takes them like any check-in', async () => {
    const session = await h.newSession(token, { capacity: 5, startsInHours: 0.5 });
    const ps = await h.players(5, 'selfin');
    for (const p of ps) await h.join(p.token, session.id);
    for (const p of ps.slice(0, 4))
      await h.ok('signed/signed', { sessionId: session.id, userId: p.userId, attendance: 'attended' }, token);
    await h.ok('rotation/setup', { sessionId: session.id, courts: [1], mode: 'doubles', rule: 'balanced' }, token);
    const code = await codeOf(session.id);
    const me = ps[4]!;

    const first = await scan(session.id, code, me.token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ attendance: 'attended', alreadyCheckedIn: false });
    expect(first.body.data!.checkedInAt).toBe(h.clock.now().toISOString());
    const { board } = await h.ok<{ board: RotationAdminBoard }>('rotation/getBoard', { sessionId: session.id }, token);
    expect(board.players.map((p) => p.userId)).toContain(me.userId);

    const before = await h.snapshot();
    const again = await scan(session.id, code, me.token);
    expect(again.body.data).toEqual({ ...first.body.data, alreadyCheckedIn: true });
    expect(await h.snapshot()).toEqual(before);
  });

  it('refuses a wrong or replaced code, a scan outside the window, a waiting player and a stranger, changing nothing', async () => {
    const session = await h.newSession(token, { capacity: 1, startsInHours: 3 });
    const [booked, waiting, stranger] = await h.players(3, 'selfno');
    await h.join(booked!.token, session.id);
    await h.join(waiting!.token, session.id);
    const old = await codeOf(session.id);
    const code = (await h.ok<{ code: string }>('signed/rotateSelfCheckIn', { sessionId: session.id }, token)).code;
    // Everything but the players' profiles, which a sign-in later in the day updates.
    const table = async () => (await h.snapshot()).filter((item) => item.SK !== 'PROFILE');
    const before = await table();
    const expectRefused = async (res: Awaited<ReturnType<typeof scan>>, status: number, error: string) => {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toBe(error);
    };

    await expectRefused(await scan(session.id, old, booked!.token), 403, 'SELF_CHECK_IN_CODE_INVALID');
    await expectRefused(await scan(session.id, 'x'.repeat(22), booked!.token), 403, 'SELF_CHECK_IN_CODE_INVALID');
    // Three hours ahead: opens at start - 1 h, and the refusal says when.
    const early = await scan(session.id, code, booked!.token);
    await expectRefused(early, 409, 'SELF_CHECK_IN_CLOSED');
    expect(early.body.data).toEqual({
      opensAt: new Date(Date.parse(session.startsAt) - HOUR).toISOString(),
      closesAt: session.endsAt,
    });
    await h.later(2.5 * HOUR, async () => {
      const fresh = async (sub: string) => h.login(sub);
      await expectRefused(await scan(session.id, code, await fresh(waiting!.sub)), 409, 'SELF_CHECK_IN_NO_PLACE');
      await expectRefused(await scan(session.id, code, await fresh(stranger!.sub)), 404, 'BOOKING_NOT_FOUND');
    });
    await h.later(6 * HOUR, async () => {
      await expectRefused(await scan(session.id, code, await h.login(booked!.sub)), 409, 'SELF_CHECK_IN_CLOSED');
    });
    expect(await table()).toEqual(before);

    // Inside the window the same code works.
    await h.later(2.5 * HOUR, async () => {
      expect((await scan(session.id, code, await h.login(booked!.sub))).status).toBe(200);
    });
    const row = (await readSessionState(h.store, session.id)).bookings.find((b) => b.userId === booked!.userId);
    expect(row?.attendance).toBe('attended');
  });

  it('never answers the code to a player: no member answer about the session carries it', async () => {
    const session = await h.newSession(token, { capacity: 2, startsInHours: 0.5 });
    const [p] = await h.players(1, 'selfleak');
    await h.join(p!.token, session.id);
    const code = await codeOf(session.id);
    for (const [path, body] of [
      ['checkState/sessionList/getDetail', { sessionId: session.id }],
      ['checkState/sessionList/getMemberList', { sessionId: session.id }],
      ['withoutAuth/getDetail', { sessionId: session.id }],
    ] as const) {
      const res = await h.call(path, body, { token: p!.token });
      expect(JSON.stringify(res.body), path).not.toContain(code);
    }
    const booked = await h.call('checkState/booked/getBooked', undefined, { token: p!.token });
    expect(JSON.stringify(booked.body)).not.toContain(code);
  });
});
