import type { AdminSession } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { expectSessionInvariants, readSessionRows, readSessionState } from '../../support/invariants.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
/** When set, the next transaction that deletes a session item fails as the service would. */
let failSessionDelete = false;

beforeAll(async () => {
  h = await createAdminHarness({
    wrapStore: (store) => {
      store.doc.middlewareStack.add(
        (next, context) => async (args) => {
          const items = (args.input as { TransactItems?: { Delete?: { Key?: { SK?: string } } }[] }).TransactItems;
          if (
            failSessionDelete &&
            context.commandName === 'TransactWriteItemsCommand' &&
            items?.some((i) => i.Delete?.Key?.SK === 'SESSION')
          ) {
            failSessionDelete = false;
            throw Object.assign(new Error('injected failure'), { name: 'ValidationException', $metadata: {} });
          }
          return next(args);
        },
        { step: 'initialize', name: 'failSessionDelete' },
      );
    },
  });
  ({ token, teamId } = await h.adminWithTeam('sessions@example.com', '信義羽球隊'));
});
afterAll(() => h.close());

const DAY = 86_400_000;

describe('creating sessions', () => {
  it('prefills the form from the team defaults', async () => {
    await h.ok(
      'setting/updateDefault',
      { default_place_name: '信義運動中心', default_price: 260, default_line: 'https://line.me/ti/g2/xinyi' },
      token,
    );
    const defaults = await h.ok<Record<string, unknown>>('createSession/getDefaultSetting', {}, token);
    expect(defaults).toMatchObject({
      teamId,
      teamName: '信義羽球隊',
      venue: '信義運動中心',
      region: '台北市',
      price: 260,
      lineLink: 'https://line.me/ti/g2/xinyi',
      isPublic: true,
      cancelWindowMinutes: 120,
    });
  });

  it('publishes one session (publishState 0) that players can see and book', async () => {
    const session = await h.newSession(token, { title: '週二晚場', notes: '請自備球拍', capacity: 8 });
    expect(session).toMatchObject({
      teamId,
      title: '週二晚場',
      capacity: 8,
      remaining: 8,
      status: 'open',
      fillRate: 0,
    });
    const detail = await h.call('withoutAuth/getDetail', { sessionId: session.id });
    expect(detail.body.data).toMatchObject({ id: session.id, notes: '請自備球拍', teamName: '信義羽球隊' });
  });

  it('publishes a weekly series (publishState 1) at the same Taipei time', async () => {
    const body = h.sessionBody({ publishState: 1, repeat: { weeks: 4 }, startsInHours: 30 });
    const { sessions } = await h.ok<{ publishState: number; sessions: AdminSession[] }>(
      'createSession/createSession',
      body,
      token,
    );
    expect(sessions).toHaveLength(4);
    sessions.forEach((s, k) => {
      expect(Date.parse(s.startsAt) - Date.parse(body.startsAt)).toBe(k * 7 * DAY);
      expect(Date.parse(s.startsAt) - Date.parse(s.signupOpensAt)).toBe(
        Date.parse(body.startsAt) - Date.parse(body.signupOpensAt),
      );
    });
  });

  it('publishes on a list of dates', async () => {
    const body = h.sessionBody({
      publishState: 1,
      repeat: { dates: ['2026-12-24', '2026-12-10'] },
      startsAt: '2026-12-03T11:00:00.000Z',
      endsAt: '2026-12-03T13:00:00.000Z',
    });
    const { sessions } = await h.ok<{ sessions: AdminSession[] }>('createSession/createSession', body, token);
    expect(sessions.map((s) => s.startsAt)).toEqual(['2026-12-10T11:00:00.000Z', '2026-12-24T11:00:00.000Z']);
    expect(sessions.map((s) => s.endsAt)).toEqual(['2026-12-10T13:00:00.000Z', '2026-12-24T13:00:00.000Z']);
  });

  it('refuses bad input with a 400 envelope and writes nothing', async () => {
    const before = await h.snapshot();
    const start = h.sessionBody().startsAt;
    const bad = [
      h.sessionBody({ endsAt: start }),
      h.sessionBody({ capacity: 0 }),
      h.sessionBody({ capacity: 61 }),
      h.sessionBody({ categories: ['tennis'] }),
      h.sessionBody({ categories: [] }),
      h.sessionBody({ region: '東京都' }),
      h.sessionBody({ signupOpensAt: new Date(Date.parse(start) + 1000).toISOString() }),
      h.sessionBody({ startsInHours: -3 }),
      h.sessionBody({ publishState: 1, repeat: { weeks: 27 } }),
      h.sessionBody({ publishState: 1 }),
      h.sessionBody({ publishState: 2 }),
      h.sessionBody({ publishState: 1, repeat: { dates: ['2026-11-20'] } }),
      h.sessionBody({ lineLink: 'javascript:alert(1)' }),
      { ...h.sessionBody(), price: '200' },
    ];
    for (const body of bad) {
      const res = await h.adminCall('createSession/createSession', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    }
    const malformed = await h.adminCall('createSession/createSession', undefined, {
      token,
      rawBody: '{"publishState": 0,',
    });
    expect(malformed.status).toBe(400);
    expect(await h.snapshot()).toEqual(before);
  });

  it('answers a retry with the same Idempotency-Key with the first result and writes nothing new', async () => {
    const body = h.sessionBody({ publishState: 1, repeat: { weeks: 2 }, title: '冪等場' });
    const headers = { 'idempotency-key': 'create-weekly-0001' };
    const first = await h.adminCall<{ sessions: AdminSession[] }>('createSession/createSession', body, {
      token,
      headers,
    });
    const before = await h.snapshot();
    const retry = await h.adminCall<{ sessions: AdminSession[] }>('createSession/createSession', body, {
      token,
      headers,
    });
    expect(retry.body.data!.sessions.map((s) => s.id)).toEqual(first.body.data!.sessions.map((s) => s.id));
    expect(await h.snapshot()).toEqual(before);
    const reused = await h.adminCall('createSession/createSession', { ...body, title: '別的' }, { token, headers });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('listing and reading sessions', () => {
  it('lists upcoming sessions in time order with fill rate and waitlist length, page by page', async () => {
    const { token: t2 } = await h.adminWithTeam('lister@example.com', '列表隊');
    const a = await h.newSession(t2, { startsInHours: 5, capacity: 2 });
    const b = await h.newSession(t2, { startsInHours: 50 });
    const c = await h.newSession(t2, { startsInHours: 26 });
    const [p1, p2, p3] = await h.players(3, 'lister');
    for (const p of [p1!, p2!, p3!]) await h.join(p.token, a.id);

    const first = await h.ok<{ items: AdminSession[]; nextCursor: string | null }>(
      'courtSession/upcommingSessions',
      { limit: 2 },
      t2,
    );
    expect(first.items.map((s) => s.id)).toEqual([a.id, c.id]);
    expect(first.items[0]).toMatchObject({ acceptedCount: 2, waitingCount: 1, fillRate: 100 });
    const second = await h.ok<{ items: AdminSession[]; nextCursor: string | null }>(
      'courtSession/upcommingSessions',
      { limit: 2, cursor: first.nextCursor },
      t2,
    );
    expect(second.items.map((s) => s.id)).toEqual([b.id]);
    expect(second.nextCursor).toBeNull();

    await h.later(8 * 3_600_000, async () => {
      const fresh = (await h.adminLogin('lister@example.com')).body.data!.token;
      const past = await h.ok<{ items: AdminSession[] }>('courtSession/upcommingSessions', { scope: 'past' }, fresh);
      expect(past.items.map((s) => s.id)).toEqual([a.id]);
    });
  });

  it('shows members in order, every booking and the check-in list', async () => {
    const session = await h.newSession(token, { capacity: 2 });
    const ps = await h.players(4, 'reader');
    for (const p of ps) await h.join(p.token, session.id);
    await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: ps[3]!.token });

    const members = await h.ok<{ accepted: { userId: string }[]; waiting: { userId: string; position: number }[] }>(
      'courtSession/getSessionMember',
      { sessionId: session.id },
      token,
    );
    expect(members.accepted.map((m) => m.userId)).toEqual([ps[0]!.userId, ps[1]!.userId]);
    expect(members.waiting.map((m) => [m.userId, m.position])).toEqual([[ps[2]!.userId, 1]]);

    const books = await h.ok<{ items: { userId: string; status: string }[] }>(
      'courtSession/getBooks',
      { sessionId: session.id },
      token,
    );
    expect(books.items.map((b) => b.status)).toEqual(['accepted', 'accepted', 'waiting', 'cancelled']);

    const signed = await h.ok<{ players: unknown[]; counts: unknown }>(
      'courtSession/signedMembers',
      { sessionId: session.id },
      token,
    );
    expect(signed.players).toHaveLength(2);
    expect(signed.counts).toEqual({ attended: 0, absent: 0, unmarked: 2 });

    const detail = await h.ok<AdminSession>('courtSession/getDetail', { sessionId: session.id }, token);
    expect(detail).toMatchObject({ id: session.id, acceptedCount: 2, waitingCount: 1 });
  });

  it('answers 404 for a session that does not exist', async () => {
    const res = await h.adminCall('courtSession/getDetail', { sessionId: 'no-such-session' }, { token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Session not found, please contact administrator');
  });
});

describe('opening, privacy and capacity', () => {
  it("closes and reopens sign-up ('Booking Closed')", async () => {
    const session = await h.newSession(token);
    const [p] = await h.players(1, 'closing');
    const closed = await h.ok<AdminSession>(
      'courtSession/switchOpening',
      { sessionId: session.id, open: false },
      token,
    );
    expect(closed.bookingClosed).toBe(true);
    const refused = await h.join(p!.token, session.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Booking Closed');
    await h.ok('courtSession/switchOpening', { sessionId: session.id, open: true }, token);
    expect((await h.join(p!.token, session.id)).body.data).toMatchObject({ status: 'accepted' });
  });

  it('makes a session team-only', async () => {
    const session = await h.newSession(token);
    const [p] = await h.players(1, 'outsider');
    const teamOnly = await h.ok<AdminSession>(
      'courtSession/switchPublic',
      { sessionId: session.id, isPublic: false },
      token,
    );
    expect(teamOnly.isPublic).toBe(false);
    const res = await h.join(p!.token, session.id);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('TEAM_ONLY');
  });

  it('raising capacity promotes the waitlist in order, one notice each', async () => {
    const session = await h.newSession(token, { capacity: 2 });
    const ps = await h.players(5, 'raise');
    for (const p of ps) await h.join(p.token, session.id);
    const before = (await h.outbox(session.id)).length;

    const raised = await h.ok<{ session: AdminSession; promoted: number }>(
      'courtSession/updateCapacity',
      { sessionId: session.id, capacity: 4 },
      token,
    );
    expect(raised.promoted).toBe(2);
    expect(raised.session).toMatchObject({ capacity: 4, acceptedCount: 4, waitingCount: 1, remaining: 0 });
    const { accepted, waitlist } = await expectSessionInvariants(h.store, session.id);
    expect(accepted.map((b) => b.userId).sort()).toEqual(
      ps
        .slice(0, 4)
        .map((p) => p.userId)
        .sort(),
    );
    expect(waitlist.map((e) => e.userId)).toEqual([ps[4]!.userId]);
    const notices = (await h.outbox(session.id)).slice(before);
    expect(
      notices
        .filter((n) => n.kind === 'promoted')
        .map((n) => n.userId)
        .sort(),
    ).toEqual([ps[2]!.userId, ps[3]!.userId].sort());
  });

  it('refuses to lower capacity below the accepted count, and allows down to it', async () => {
    const session = await h.newSession(token, { capacity: 4 });
    const ps = await h.players(3, 'lower');
    for (const p of ps) await h.join(p.token, session.id);
    const refused = await h.adminCall('courtSession/updateCapacity', { sessionId: session.id, capacity: 2 }, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Capacity cannot be lower than the places already taken');
    const lowered = await h.ok<{ session: AdminSession }>(
      'courtSession/updateCapacity',
      { sessionId: session.id, capacity: 3 },
      token,
    );
    expect(lowered.session).toMatchObject({ capacity: 3, remaining: 0 });
    expect((await h.join((await h.players(1, 'lowerlate'))[0]!.token, session.id)).body.data).toMatchObject({
      status: 'waiting',
    });
    await expectSessionInvariants(h.store, session.id);
  });
});

describe('changing venue or time', () => {
  it('writes one change notice per booked and waiting player and moves their bookings', async () => {
    const session = await h.newSession(token, { capacity: 2 });
    const ps = await h.players(3, 'moved');
    for (const p of ps) await h.join(p.token, session.id);
    const newStart = new Date(Date.parse(session.startsAt) + DAY).toISOString();
    const newEnd = new Date(Date.parse(session.endsAt) + DAY).toISOString();

    const changed = await h.ok<{ session: AdminSession; notified: number }>(
      'courtSession/updateVenue',
      {
        sessionId: session.id,
        venue: '松山運動中心',
        address: '台北市松山區敦化北路1號',
        startsAt: newStart,
        endsAt: newEnd,
      },
      token,
    );
    expect(changed.notified).toBe(3);
    expect(changed.session).toMatchObject({ venue: '松山運動中心', startsAt: newStart, bookingClosed: false });

    const notices = await h.outbox(session.id);
    expect(notices.map((n) => n.userId).sort()).toEqual(ps.map((p) => p.userId).sort());
    expect(notices.every((n) => n.kind === 'sessionChanged' && n.type === 'outbox')).toBe(true);
    expect(notices[0]).toMatchObject({
      changes: ['venue', 'address', 'startsAt', 'endsAt'],
      session: { venue: '松山運動中心' },
    });

    const { bookings } = await readSessionState(h.store, session.id);
    expect(bookings.every((b) => b.startsAt === newStart)).toBe(true);
    const booked = await h.call<{ id: string; startsAt: string }[]>('checkState/booked/getBooked', undefined, {
      token: ps[0]!.token,
    });
    expect(booked.body.data!.find((s) => s.id === session.id)?.startsAt).toBe(newStart);
    await expectSessionInvariants(h.store, session.id);
  });

  it('changes courts quietly and keeps a closed session closed', async () => {
    const session = await h.newSession(token);
    const [p] = await h.players(1, 'quiet');
    await h.join(p!.token, session.id);
    const quiet = await h.ok<{ session: AdminSession; notified: number }>(
      'courtSession/updateVenue',
      { sessionId: session.id, courts: 4 },
      token,
    );
    expect(quiet).toMatchObject({ notified: 0, session: { courts: 4 } });
    expect(await h.outbox(session.id)).toHaveLength(0);

    await h.ok('courtSession/switchOpening', { sessionId: session.id, open: false }, token);
    const moved = await h.ok<{ session: AdminSession; notified: number }>(
      'courtSession/updateVenue',
      { sessionId: session.id, region: '新北市' },
      token,
    );
    expect(moved).toMatchObject({ notified: 1, session: { region: '新北市', bookingClosed: true } });
  });

  it('refuses to change a session that has started, or to move it into the past', async () => {
    // Tokens live an hour in tests: the session starts in 30 minutes and the clock moves 45.
    const live = await h.newSession(token, { startsInHours: 0.5 });
    const started = await h.later(45 * 60_000, () =>
      h.adminCall('courtSession/updateVenue', { sessionId: live.id, venue: '別處' }, { token }),
    );
    expect(started.status).toBe(409);
    expect(started.body.error).toBe('SESSION_NOT_CHANGEABLE');

    const session = await h.newSession(token);
    const past = await h.adminCall(
      'courtSession/updateVenue',
      { sessionId: session.id, startsAt: new Date(h.clock.now().getTime() - 3_600_000).toISOString() },
      { token },
    );
    expect(past.status).toBe(400);
  });
});

describe('deleting a session', () => {
  it('notifies every booked and waiting player once, removes the session and cancels the bookings', async () => {
    const session = await h.newSession(token, { capacity: 2 });
    const ps = await h.players(4, 'deleted');
    for (const p of ps) await h.join(p.token, session.id);
    await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: ps[3]!.token });

    const res = await h.ok<{ deleted: boolean; notified: number }>(
      'courtSession/delete',
      { sessionId: session.id },
      token,
    );
    expect(res).toMatchObject({ deleted: true, notified: 3 });
    const notices = await h.outbox(session.id);
    expect(notices.map((n) => n.userId).sort()).toEqual(
      ps
        .slice(0, 3)
        .map((p) => p.userId)
        .sort(),
    );
    expect(notices.every((n) => n.kind === 'sessionCancelled')).toBe(true);
    expect(notices[0]).toMatchObject({ session: { title: session.title, startsAt: session.startsAt } });

    const { session: gone, bookings } = await readSessionRows(h.store, session.id);
    expect(gone).toBeUndefined();
    expect(bookings.every((b) => b.status === 'cancelled')).toBe(true);
    const detail = await h.call('withoutAuth/getDetail', { sessionId: session.id });
    expect(detail.body.message).toBe('Session not found, please contact administrator');
    const booked = await h.call<{ id: string }[]>('checkState/booked/getBooked', undefined, { token: ps[0]!.token });
    expect(booked.body.data!.some((s) => s.id === session.id)).toBe(false);
  });

  it('records no notice when the deletion fails, and reopens sign-up', async () => {
    const session = await h.newSession(token, { capacity: 2 });
    const [p] = await h.players(1, 'atomic');
    await h.join(p!.token, session.id);
    failSessionDelete = true;
    const res = await h.adminCall('courtSession/delete', { sessionId: session.id }, { token });
    expect(res.status).toBe(500);
    expect(await h.outbox(session.id)).toHaveLength(0);
    const { session: kept } = await expectSessionInvariants(h.store, session.id);
    expect(kept).toMatchObject({ bookingClosed: false, acceptedCount: 1 });
  });

  it('refuses to delete a session that has started', async () => {
    const session = await h.newSession(token, { startsInHours: 0.5 });
    const res = await h.later(45 * 60_000, () =>
      h.adminCall('courtSession/delete', { sessionId: session.id }, { token }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('SESSION_NOT_CHANGEABLE');
    expect((await readSessionState(h.store, session.id)).session).toMatchObject({ bookingClosed: false });
  });
});

describe('removing a player', () => {
  it('frees the place, promotes the waitlist head once and closes the waitlist gap', async () => {
    const session = await h.newSession(token, { capacity: 2 });
    const ps = await h.players(4, 'removed');
    for (const p of ps) await h.join(p.token, session.id);
    const before = (await h.outbox(session.id)).length;

    const removed = await h.ok<{ session: AdminSession; promoted: boolean }>(
      'courtSession/removePlayer',
      { sessionId: session.id, userId: ps[0]!.userId },
      token,
    );
    expect(removed.promoted).toBe(true);
    expect(removed.session).toMatchObject({ acceptedCount: 2, waitingCount: 1, remaining: 0 });
    const { accepted, waitlist } = await expectSessionInvariants(h.store, session.id);
    expect(accepted.map((b) => b.userId).sort()).toEqual([ps[1]!.userId, ps[2]!.userId].sort());
    expect(waitlist.map((e) => e.userId)).toEqual([ps[3]!.userId]);
    const notices = (await h.outbox(session.id)).slice(before);
    expect(notices).toEqual([
      expect.objectContaining({ kind: 'promoted', userId: ps[2]!.userId, reason: 'playerRemoved' }),
    ]);

    const waiting = await h.ok<{ promoted: boolean }>(
      'courtSession/removePlayer',
      { sessionId: session.id, userId: ps[3]!.userId },
      token,
    );
    expect(waiting.promoted).toBe(false);
    expect((await expectSessionInvariants(h.store, session.id)).waitlist).toEqual([]);
  });

  it('refuses players who are not booked, checked-in players and bad input', async () => {
    const session = await h.newSession(token, { capacity: 2 });
    const [p] = await h.players(1, 'checkedremoved');
    await h.join(p!.token, session.id);
    await h.ok('signed/signed', { sessionId: session.id, userId: p!.userId, attendance: 'attended' }, token);
    const checked = await h.adminCall(
      'courtSession/removePlayer',
      { sessionId: session.id, userId: p!.userId },
      { token },
    );
    expect(checked.status).toBe(409);
    expect(checked.body.error).toBe('ALREADY_CHECKED_IN');
    const nobody = await h.adminCall(
      'courtSession/removePlayer',
      { sessionId: session.id, userId: 'line_Unobody' },
      { token },
    );
    expect(nobody.status).toBe(404);
    const bad = await h.adminCall('courtSession/removePlayer', { sessionId: session.id }, { token });
    expect(bad.status).toBe(400);
    expect((await expectSessionInvariants(h.store, session.id)).accepted).toHaveLength(1);
  });
});
