import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reminderJobDeps, signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { sessionCodec } from '@shuttle/functions/db/codecs/sessions.ts';
import { index, key } from '@shuttle/functions/db/keys.ts';
import { normaliseInstants } from '@shuttle/functions/db/migrations/normalise-instants.ts';
import { scheduleBookingReminders } from '@shuttle/functions/notifications/reminders.ts';
import { scheduleSignupOpenings } from '@shuttle/functions/notifications/signup-openings.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { sessionItemKeys } from '@shuttle/functions/sessions/factory.ts';
import type { SessionRecord } from '@shuttle/functions/sessions/model.ts';
import { type AdminSession, UTC_INSTANT_PATTERN } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/**
 * One instant format (docs/ARCHITECTURE.md, "Choices"; TABLE.md, "Instants"): every time a call
 * accepts may carry any ISO 8601 offset and is stored, answered and compared as UTC `…sssZ`;
 * items an older version stored as sent are normalised by the migration `npm start` runs.
 */

let h: AdminHarness;
let admin: { token: string; teamId: string };
let groups = 0;
beforeAll(async () => {
  h = await createAdminHarness();
  admin = await h.adminWithTeam('instants@example.tw');
});
afterAll(() => h.close());

const HOUR = 3_600_000;
/** `iso` written as Taipei wall-clock time with `+08:00`, as an admin's browser might send it. */
const taipeiText = (iso: string) => `${new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 19)}+08:00`;
/** `iso` written with another offset, e.g. `-05:30`, keeping milliseconds. */
const offsetText = (iso: string, minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${new Date(Date.parse(iso) + minutes * 60_000).toISOString().slice(0, 23)}${sign}${hhmm}`;
};
const at = (hoursFromNow: number) => new Date(h.clock.now().getTime() + hoursFromNow * HOUR).toISOString();

async function stored(pk: Record<string, string>) {
  const { Item } = await h.store.doc.send(new GetCommand({ TableName: h.store.tableName, Key: pk }));
  return Item as Record<string, unknown>;
}

/** A team of its own whose LINE group is bound (as `setting/lineBindCode` would), so openings are announced. */
async function boundTeam() {
  groups += 1;
  const t = await h.adminWithTeam(`instants-group${groups}@example.tw`);
  await h.store.doc.send(
    new UpdateCommand({
      TableName: h.store.tableName,
      Key: key.team(t.teamId),
      UpdateExpression: 'SET lineGroupId = :g',
      ExpressionAttributeValues: { ':g': `C${String(groups).padStart(32, '7')}` },
    }),
  );
  return t;
}

describe('times a call accepts', () => {
  it('comes back and is stored as UTC when sent with +08:00 to create and to courtSession/updateVenue', async () => {
    const startsAt = at(72);
    const created = await h.ok<{ sessions: AdminSession[] }>(
      'createSession/createSession',
      h.sessionBody({
        startsAt: taipeiText(startsAt),
        endsAt: taipeiText(at(74)),
        signupOpensAt: taipeiText(at(-1)),
      }),
      admin.token,
    );
    const session = created.sessions[0]!;
    expect(session).toMatchObject({ startsAt, endsAt: at(74), signupOpensAt: at(-1) });

    const movedTo = at(96);
    // Basic-format offset and microseconds: cut to milliseconds, never rounded into the next one.
    const opens = at(-30);
    const opensText = `${new Date(Date.parse(opens) + 8 * HOUR).toISOString().slice(0, 19)}.123456+0800`;
    const opensUtc = `${opens.slice(0, 19)}.123Z`;
    const changed = await h.ok<{ session: AdminSession }>(
      'courtSession/updateVenue',
      {
        sessionId: session.id,
        startsAt: taipeiText(movedTo),
        endsAt: offsetText(at(98), -330),
        signupOpensAt: opensText,
      },
      admin.token,
    );
    expect(changed.session).toMatchObject({
      startsAt: movedTo,
      endsAt: at(98),
      signupOpensAt: opensUtc,
    });
    const item = await stored(key.session(session.id));
    expect(item).toMatchObject({ startsAt: movedTo, endsAt: at(98), signupOpensAt: opensUtc });
    for (const name of ['GSI1SK', 'GSI2SK', 'GSI3SK', 'GSI4SK']) expect(item[name]).toContain(`${movedTo}#`);
    const detail = await h.ok<AdminSession>('courtSession/getDetail', { sessionId: session.id }, admin.token);
    expect(detail.startsAt).toBe(movedTo);
  });

  it('counts a change to the same instant in another offset as no change', async () => {
    const session = await h.newSession(admin.token, { startsInHours: 50 });
    const [p] = await h.players(1, 'sameinstant');
    expect((await h.join(p!.token, session.id)).body.data!.status).toBe('accepted');
    const result = await h.ok<{ notified: number; session: AdminSession }>(
      'courtSession/updateVenue',
      { sessionId: session.id, startsAt: taipeiText(session.startsAt), courts: 3 },
      admin.token,
    );
    expect(result.session.startsAt).toBe(session.startsAt);
    expect(result.notified).toBe(0);
  });

  it.each([
    ['no offset', '2026-12-24T19:00:00'],
    ['30 February', '2027-02-30T19:00:00+08:00'],
    ['hour 24', '2026-12-24T24:00:00Z'],
    ['an offset past 23:59', '2026-12-24T19:00:00+24:00'],
    ['a date alone', '2026-12-24'],
    ['lowercase separators', '2026-12-24t19:00:00z'],
  ])('refuses %s with 400 VALIDATION_FAILED and changes nothing', async (_, startsAt) => {
    const session = await h.newSession(admin.token, { startsInHours: 30 });
    const before = await h.snapshot();
    const update = await h.adminCall(
      'courtSession/updateVenue',
      { sessionId: session.id, startsAt },
      { token: admin.token },
    );
    const create = await h.adminCall('createSession/createSession', h.sessionBody({ startsAt }), {
      token: admin.token,
    });
    for (const res of [update, create]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
    }
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('jobs', () => {
  it('announce both of two sessions opening at the same instant, one written with +08:00 and one with Z', async () => {
    const t = await boundTeam();
    const opensAt = at(0.5);
    const a = await h.newSession(t.token, { startsInHours: 30, title: '加八場' });
    const b = await h.newSession(t.token, { startsInHours: 31, title: '世界時場' });
    await h.ok('courtSession/updateVenue', { sessionId: a.id, signupOpensAt: taipeiText(opensAt) }, t.token);
    await h.ok('courtSession/updateVenue', { sessionId: b.id, signupOpensAt: opensAt }, t.token);
    expect((await stored(key.session(a.id))).signupOpensAt).toBe(opensAt);

    const job = () => scheduleSignupOpenings(reminderJobDeps({ store: h.store, clock: h.clock }));
    expect((await job()).written).toBe(0);
    await h.later(31 * 60_000, async () => {
      expect((await job()).written).toBe(2);
      expect((await job()).written).toBe(0);
    });
  });
});

describe('the migration of stored instants', () => {
  /**
   * A session and its booking as an older `courtSession/updateVenue` left them: times kept as sent
   * (`+08:00`), index keys built from that text, a lottery draw marker keyed by it.
   */
  async function legacySession(t: { token: string }) {
    const opensAt = at(-0.5);
    const session = await h.newSession(t.token, {
      startsInHours: 20,
      signupOpensAt: opensAt,
      signupMode: 'lottery',
      lotteryMinutes: 60,
      notes: `集合 ${taipeiText(opensAt)}`,
    });
    const [p] = await h.players(1, `legacy${session.id.slice(-4)}`);
    expect((await h.join(p!.token, session.id)).body.data!.status).toBe('entered');

    const legacy: SessionRecord = {
      ...sessionCodec.decode(await stored(key.session(session.id))),
      startsAt: taipeiText(session.startsAt),
      endsAt: taipeiText(session.endsAt),
      signupOpensAt: taipeiText(session.signupOpensAt),
      // Created two hours ago (before its sign-up opened, so the opening is announced), written at -05:00.
      createdAt: offsetText(at(-2), -300),
    };
    const legacyKeys = sessionItemKeys(legacy);
    await h.store.doc.send(new PutCommand({ TableName: h.store.tableName, Item: { ...legacy, ...legacyKeys } }));
    const booking = await stored(key.booking(session.id, p!.userId));
    await h.store.doc.send(
      new PutCommand({
        TableName: h.store.tableName,
        Item: {
          ...booking,
          startsAt: legacy.startsAt,
          ...index.bookingsOfUser(p!.userId, legacy.startsAt, session.id),
        },
      }),
    );
    // The draw marker written with the entry, moved to a key that embeds the +08:00 draw time; the
    // create call's marker of its lotteries goes, so only the moved marker can start the draw.
    const drawAt = new Date(Date.parse(opensAt) + HOUR).toISOString();
    const { Items: markers = [] } = await h.store.doc.send(
      new QueryCommand({
        TableName: h.store.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': 'SIGNUPJOBS' },
      }),
    );
    for (const marker of markers) {
      const Key = { PK: marker.PK, SK: marker.SK };
      if (marker.kind === 'lotteries' && (marker.draws as string[]).some((d) => d.endsWith(`|${session.id}`))) {
        await h.store.doc.send(new DeleteCommand({ TableName: h.store.tableName, Key }));
      }
      if (marker.kind !== 'draw' || marker.sessionId !== session.id) continue;
      const moved = { ...marker, ...key.signupJob(taipeiText(drawAt), 'draw', session.id), dueAt: taipeiText(drawAt) };
      await h.store.doc.send(new PutCommand({ TableName: h.store.tableName, Item: moved }));
      await h.store.doc.send(new DeleteCommand({ TableName: h.store.tableName, Key }));
    }
    return { session, player: p!, legacy, drawAt };
  }

  it('rewrites +08:00 times and the keys that embed them to UTC, once, and jobs and queries find them', async () => {
    const t = await boundTeam();
    const { session, player, legacy, drawAt } = await legacySession(t);
    expect(((await stored(key.session(session.id))).GSI1SK as string).startsWith(legacy.startsAt)).toBe(true);

    const first = await normaliseInstants(h.store, { pageSize: 7 });
    expect(first.changed).toBeGreaterThanOrEqual(2);
    expect(first.rekeyed).toBeGreaterThanOrEqual(1);
    expect(first.conflicts).toBe(0);

    const item = await stored(key.session(session.id));
    expect(item).toMatchObject({
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      signupOpensAt: session.signupOpensAt,
      // Free text that happens to hold a time is the admin's, and stays as written.
      notes: legacy.notes,
    });
    expect(item.createdAt).toMatch(UTC_INSTANT_PATTERN);
    expect(item).toMatchObject(sessionItemKeys({ ...legacy, startsAt: session.startsAt }));
    const booking = await stored(key.booking(session.id, player.userId));
    expect(booking).toMatchObject({
      startsAt: session.startsAt,
      ...index.bookingsOfUser(player.userId, session.startsAt, session.id),
    });
    expect(await stored(key.signupJob(taipeiText(drawAt), 'draw', session.id))).toBeUndefined();
    expect(await stored(key.signupJob(drawAt, 'draw', session.id))).toMatchObject({ dueAt: drawAt });

    // Every stored string that names an instant is UTC now, and a second run changes nothing.
    const texts = JSON.stringify(await h.snapshot());
    expect(texts).not.toMatch(/"\d{4}-\d{2}-\d{2}T[\d:.]+[+-]\d{2}:\d{2}"/);
    expect(texts).not.toMatch(/T[\d:.]+[+-]\d{2}:\d{2}#/);
    expect(await normaliseInstants(h.store)).toMatchObject({ changed: 0, rekeyed: 0, conflicts: 0 });

    // Queries by key find the session and booking again: the admin list, the player's bookings.
    const list = await h.ok<{ items: AdminSession[] }>('courtSession/upcommingSessions', { limit: 50 }, t.token);
    expect(list.items.map((s) => s.id)).toContain(session.id);
    const mine = await h.call<{ id: string }[]>('checkState/booked/getBooked', undefined, { token: player.token });
    expect(mine.body.data!.map((s) => s.id)).toContain(session.id);

    // The jobs: the draw runs at its time, the reminder is written once, the opening was announced.
    expect((await scheduleSignupOpenings(reminderJobDeps({ store: h.store, clock: h.clock }))).written).toBe(1);
    await h.later(HOUR - 30 * 60_000 + 1000, async () => {
      const run = await runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));
      expect(run.draws).toBe(1);
      const reminders = await scheduleBookingReminders(reminderJobDeps({ store: h.store, clock: h.clock }));
      expect(reminders.written).toBe(1);
      expect((await scheduleBookingReminders(reminderJobDeps({ store: h.store, clock: h.clock }))).written).toBe(0);
    });
  });
});
