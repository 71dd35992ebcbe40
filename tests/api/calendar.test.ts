import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { countReads } from '../support/read-counter.ts';

/** The calendar files of docs/PLAYER-EXPERIENCE.md ("Calendar"), against DynamoDB Local. */
let h: ApiHarness;
let team: Awaited<ReturnType<ApiHarness['putTeam']>>;
let reads: ReturnType<typeof countReads>;
beforeAll(async () => {
  h = await createApiHarness();
  team = await h.putTeam({ name: '大安羽球, 週三; 團' });
  reads = countReads(h.store.doc);
});
afterAll(() => h.close());

const get = async (path: string, headers: Record<string, string> = {}) => h.app.request(`/api${path}`, { headers });
const feedCall = (path: string, token: string, method: 'GET' | 'POST' = 'POST') =>
  h.call<{ token: string | null }>(`checkState/calendar/${path}`, method === 'POST' ? {} : undefined, {
    token,
    method,
  });
const events = (ics: string) => ics.split('BEGIN:VEVENT').length - 1;
/** Unfolds RFC 5545 continuation lines. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('GET /api/calendar/session/<id>.ics', () => {
  it('answers text/calendar with one VEVENT of the session, in UTC, escaped and folded', async () => {
    const session = await h.putSession(team, {
      title: '週三夜間羽球, 中階; 歡迎新朋友 — 這是一個相當長的標題，用來確認長行會被折成七十五個位元組以內',
      venue: '大安運動中心',
      address: '台北市大安區辛亥路三段55號',
      notes: '請帶球拍\n自備飲水',
    });
    const res = await get(`/calendar/session/${session.id}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('.ics');
    const raw = await res.text();
    expect(raw.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(raw.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of raw.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const ics = unfold(raw);
    expect(events(ics)).toBe(1);
    const start = new Date(session.startsAt)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replace(/[-:]/g, '');
    expect(ics).toContain(`DTSTART:${start}\r\n`);
    expect(ics).toMatch(/DTEND:\d{8}T\d{6}Z\r\n/);
    expect(ics).toContain(`UID:${session.id}@shuttle\r\n`);
    expect(ics).toContain('SUMMARY:週三夜間羽球\\, 中階\\; 歡迎新朋友');
    expect(ics).toContain('LOCATION:大安運動中心\\, 台北市大安區辛亥路三段55號\r\n');
    expect(ics).toContain('請帶球拍\\n自備飲水');
    expect(ics).toContain(`/session?id=${session.id}`);
  });

  it('costs one read and answers a clear envelope for an unknown or malformed id', async () => {
    const session = await h.putSession(team);
    const { read } = await reads.during(() => get(`/calendar/session/${session.id}.ics`));
    expect(read).toMatchObject({ items: 1, calls: 1 });

    const missing = await get('/calendar/session/no-such-session.ics');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, error: 'SESSION_NOT_FOUND' });
    const malformed = await get(`/calendar/session/${session.id}.txt`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    const tooLong = await get(`/calendar/session/${'a'.repeat(65)}.ics`);
    expect(tooLong.status).toBe(400);
  });
});

describe('the personal calendar feed', () => {
  it('lists my accepted and waiting bookings, not cancelled ones nor other players’', async () => {
    const player = await h.login('Ucalfeed1', '陳小美');
    const other = await h.login('Ucalfeed2');
    const full = await h.putSession(team, { capacity: 1, title: '滿場', startsInHours: 30 });
    const booked = await h.putSession(team, { title: '已預約', startsInHours: 50 });
    const cancelled = await h.putSession(team, { title: '已取消', startsInHours: 70 });
    const notMine = await h.putSession(team, { title: '別人的', startsInHours: 80 });
    await h.call('checkState/sessionList/joinSession', { sessionId: full.id }, { token: other });
    for (const s of [full, booked, cancelled])
      await h.call('checkState/sessionList/joinSession', { sessionId: s.id }, { token: player });
    await h.call('checkState/booked/cancelBooked', { sessionId: cancelled.id }, { token: player });
    await h.call('checkState/sessionList/joinSession', { sessionId: notMine.id }, { token: other });

    expect((await feedCall('getFeed', player, 'GET')).body.data).toEqual({ token: null });
    const created = await feedCall('resetFeed', player);
    expect(created.status).toBe(200);
    const token = created.body.data!.token!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await feedCall('getFeed', player, 'GET')).body.data).toEqual({ token });

    const res = await get(`/calendar/feed/${token}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('private');
    const ics = unfold(await res.text());
    expect(events(ics)).toBe(2);
    expect(ics).toContain(`UID:${booked.id}@shuttle`);
    expect(ics).toContain(`UID:${full.id}@shuttle`);
    expect(ics).not.toContain(cancelled.id);
    expect(ics).not.toContain(notMine.id);
    // The waitlist place is tentative, the seat confirmed; events come in start order.
    const [first, second] = ics.split('BEGIN:VEVENT').slice(1);
    expect(first).toContain('SUMMARY:滿場');
    expect(first).toContain('STATUS:TENTATIVE');
    expect(second).toContain('STATUS:CONFIRMED');
    expect(ics).toContain('X-WR-CALNAME:Shuttle');
  });

  it('is revocable: a reset URL replaces the old one at once, and deleting turns it off', async () => {
    const player = await h.login('Ucalfeed3');
    const first = (await feedCall('resetFeed', player)).body.data!.token!;
    const second = (await feedCall('resetFeed', player)).body.data!.token!;
    expect(second).not.toBe(first);
    const old = await get(`/calendar/feed/${first}.ics`);
    expect(old.status).toBe(404);
    expect(await old.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
    expect((await get(`/calendar/feed/${second}.ics`)).status).toBe(200);

    expect((await feedCall('deleteFeed', player)).body.data).toEqual({ token: null });
    expect((await get(`/calendar/feed/${second}.ics`)).status).toBe(404);
    expect((await feedCall('getFeed', player, 'GET')).body.data).toEqual({ token: null });
    // Deleting again changes nothing and still succeeds.
    expect((await feedCall('deleteFeed', player)).status).toBe(200);
  });

  it('concurrent resets leave exactly one working URL', async () => {
    const player = await h.login('Ucalfeed4');
    const answers = await Promise.all([1, 2, 3].map(() => feedCall('resetFeed', player)));
    const current = (await feedCall('getFeed', player, 'GET')).body.data!.token!;
    const working = await Promise.all(
      answers
        .flatMap((a) => (a.status === 200 ? [a.body.data!.token!] : []))
        .map(async (t) => ({
          t,
          status: (await get(`/calendar/feed/${t}.ics`)).status,
        })),
    );
    expect(working.filter((w) => w.status === 200).map((w) => w.t)).toEqual([current]);
  });

  it('refuses calls without a login and unknown or malformed tokens, reading at most one item', async () => {
    expect((await h.call('checkState/calendar/resetFeed', {})).status).toBe(401);
    expect((await h.call('checkState/calendar/getFeed')).status).toBe(401);
    const { result, read } = await reads.during(() => get(`/calendar/feed/${'x'.repeat(43)}.ics`));
    expect(result.status).toBe(404);
    expect(read.calls).toBe(1);
    expect((await get('/calendar/feed/short.ics')).status).toBe(404);
  });

  it('reads one lookup, one Query and one BatchGet, whatever the table holds', async () => {
    const player = await h.login('Ucalfeed5');
    for (let i = 0; i < 5; i++) {
      const s = await h.putSession(team, { startsInHours: 20 + i * 24 });
      await h.call('checkState/sessionList/joinSession', { sessionId: s.id }, { token: player });
    }
    const token = (await feedCall('resetFeed', player)).body.data!.token!;
    const { result, read } = await reads.during(() => get(`/calendar/feed/${token}.ics`));
    expect(events(await result.text())).toBe(5);
    expect(read).toMatchObject({ calls: 3, queries: 1 });
  });
});

describe('calendar download limits', () => {
  let limited: ApiHarness;
  beforeAll(async () => {
    limited = await createApiHarness({
      rateLimits: { enabled: true, buckets: { browse: { limit: 2 }, memberWrite: { limit: 1 } } },
    });
  });
  afterAll(() => limited.close());

  it('counts .ics downloads against the browse bucket of the address: 429 with Retry-After past it', async () => {
    const t = await limited.putTeam();
    const session = await limited.putSession(t);
    const download = () => limited.app.request(`/api/calendar/session/${session.id}.ics`);
    expect((await download()).status).toBe(200);
    expect((await download()).status).toBe(200);
    const refused = await download();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await refused.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
  });

  it('counts feed resets against the player’s memberWrite bucket', async () => {
    const token = await limited.login('Ucallimit1');
    expect((await limited.call('checkState/calendar/resetFeed', {}, { token })).status).toBe(200);
    const refused = await limited.call('checkState/calendar/resetFeed', {}, { token });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
  });
});
