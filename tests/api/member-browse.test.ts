import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { key } from '@shuttle/functions/db/keys.ts';
import { QUERY_CAP } from '@shuttle/functions/sessions/browse-plan.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { nationalSessions, teamIdOf, writeAll } from '../support/national.ts';
import { countReads } from '../support/read-counter.ts';

interface Page {
  items: { id: string; status: string; price: number; myBooking?: { status: string } | null; remaining: number }[];
  nextCursor: string | null;
}

let h: ApiHarness;
let teamA: Awaited<ReturnType<ApiHarness['putTeam']>>;
let teamB: Awaited<ReturnType<ApiHarness['putTeam']>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await createApiHarness();
  teamA = await h.putTeam({ name: '大安羽球同好會' });
  teamB = await h.putTeam({ name: '高雄羽風', defaultRegion: '高雄市' });
  const put = async (name: string, team: typeof teamA, over: Parameters<ApiHarness['putSession']>[1]) => {
    ids[name] = (await h.putSession(team, over)).id;
  };
  // TEST_NOW is 2026-12-01 10:00 Taipei.
  await put('openTaipei', teamA, { startsInHours: 30, price: 250, categories: ['casual', 'social'] });
  await put('openKaohsiung', teamB, { startsInHours: 54, price: 180, region: '高雄市', categories: ['competitive'] });
  await put('notYetOpen', teamA, {
    startsInHours: 24 * 9,
    price: 300,
    signupOpensAt: '2026-12-05T02:00:00.000Z',
    categories: ['beginner'],
  });
  await put('live', teamB, { startsInHours: -1, price: 200, region: '高雄市' });
  await put('ended', teamA, { startsInHours: -48, price: 150 });
  await put('teamOnly', teamA, { startsInHours: 28, isPublic: false });
  await put('nextMonth', teamA, {
    startsInHours: 24 * 40,
    signupOpensAt: '2026-12-01T00:00:00.000Z',
    region: '新北市',
  });
  // One day beyond the default window (90 days ahead), for price order within a date.
  for (const [i, price] of [300, 250, 200, 200, 180, 150].entries()) {
    await put(`priced${i}`, i % 2 ? teamB : teamA, { startsInHours: 24 * 99 + i, price });
  }
});
afterAll(() => h.close());

const list = (body: Record<string, unknown> = {}, token?: string) =>
  h.call<Page>(token ? 'checkState/sessionList/getSessionList' : 'withoutAuth/getSessionList', body, { token });
const idsOf = (page: { body: { data?: Page } }) => page.body.data!.items.map((s) => s.id);
const name = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0];

describe('browsing as a visitor', () => {
  it('lists public sessions, on now first, then bookable, then not yet open, then ended, across months', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(idsOf(res).map(name)).toEqual(['live', 'openTaipei', 'openKaohsiung', 'nextMonth', 'notYetOpen', 'ended']);
    expect(res.body.data!.items[0]).toMatchObject({ status: 'inProgress' });
    expect(res.body.data!.items.every((s) => !('myBooking' in s))).toBe(true);
  });

  it.each([
    ['inProgress', ['live']],
    ['open', ['openTaipei', 'openKaohsiung', 'nextMonth']],
    ['notYetOpen', ['notYetOpen']],
    ['ended', ['ended']],
    // The app's default tab: not started yet, so neither under way nor ended (issue 22, item 7).
    ['upcoming', ['openTaipei', 'openKaohsiung', 'nextMonth', 'notYetOpen']],
  ])('filters the %s tab', async (status, expected) => {
    expect(idsOf(await list({ status })).map(name)).toEqual(expected);
  });

  it('pages the upcoming tab with a cursor and keeps it in time orders', async () => {
    const first = await list({ status: 'upcoming', limit: 2 });
    expect(idsOf(first).map(name)).toEqual(['openTaipei', 'openKaohsiung']);
    const rest = await list({ status: 'upcoming', limit: 2, cursor: first.body.data!.nextCursor });
    expect(idsOf(rest).map(name)).toEqual(['nextMonth', 'notYetOpen']);
    expect(idsOf(await list({ status: 'upcoming', sort: 'latestFirst' })).map(name)).toEqual([
      'nextMonth',
      'notYetOpen',
      'openKaohsiung',
      'openTaipei',
    ]);
    const priced = await list({ status: 'upcoming', sort: 'priceLowToHigh', date: '2026-12-03' });
    expect(idsOf(priced).map(name)).toEqual(['openKaohsiung']);
    // The day of an ended session: price order on the upcoming tab leaves it out.
    expect(idsOf(await list({ sort: 'priceLowToHigh', date: '2026-11-29' })).map(name)).toEqual(['ended']);
    expect(idsOf(await list({ status: 'upcoming', sort: 'priceLowToHigh', date: '2026-11-29' }))).toEqual([]);
  });

  it('filters by region, date, category, team and team name', async () => {
    expect(idsOf(await list({ regions: ['高雄市'] })).map(name)).toEqual(['live', 'openKaohsiung']);
    expect(idsOf(await list({ regions: ['台北市', '新北市', '高雄市', '台中市'] })).length).toBe(6);
    expect(idsOf(await list({ date: '2026-12-02' })).map(name)).toEqual(['openTaipei']);
    expect(idsOf(await list({ categories: ['beginner', 'competitive'] })).map(name)).toEqual([
      'openKaohsiung',
      'notYetOpen',
    ]);
    expect(idsOf(await list({ teamId: teamB.id })).map(name)).toEqual(['live', 'openKaohsiung']);
    expect(idsOf(await list({ teamName: '羽風' })).map(name)).toEqual(['live', 'openKaohsiung']);
  });

  it('sorts by price within the chosen date and pages with a cursor', async () => {
    const date = '2027-03-10';
    const first = await list({ sort: 'priceHighToLow', limit: 4, date });
    expect(first.body.data!.items.map((s) => s.price)).toEqual([300, 250, 200, 200]);
    const second = await list({ sort: 'priceHighToLow', limit: 4, date, cursor: first.body.data!.nextCursor });
    expect(second.body.data!.items.map((s) => s.price)).toEqual([180, 150]);
    expect(second.body.data!.nextCursor).toBeNull();
    const low = await list({ sort: 'priceLowToHigh', date, regions: ['台北市'] });
    expect(low.body.data!.items.map((s) => s.price)).toEqual([150, 180, 200, 200, 250, 300]);
  });

  it('refuses price order without a date, and a cursor of other filters or forged, with the 400 envelope', async () => {
    const first = await list({ limit: 2 });
    for (const body of [
      { sort: 'priceLowToHigh' },
      { sort: 'oldestFirst', cursor: first.body.data!.nextCursor },
      { cursor: 'bm90LWEtY3Vyc29y' },
      { cursor: Buffer.from('{"f":"x","n":0,"s":0,"p":[]}').toString('base64url') },
    ]) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    }
  });

  it('rejects bad filters with the 400 envelope', async () => {
    for (const body of [
      { regions: ['東京都'] },
      { limit: 0 },
      { sort: 'random' },
      { date: '2026-13-45' },
      { categories: 'casual' },
    ]) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    }
  });

  it('shows a session, its participants and the team list', async () => {
    const detail = await h.call<Record<string, unknown>>('withoutAuth/getDetail', { sessionId: ids.openTaipei });
    expect(detail.body.data).toMatchObject({
      id: ids.openTaipei,
      privateRules: '請準時到場',
      courts: 3,
      capacity: 24,
      remaining: 24,
    });
    expect(detail.body.data).not.toHaveProperty('myBooking');
    const members = await h.call('withoutAuth/getMemberList', { sessionId: ids.openTaipei });
    expect(members.body.data).toEqual({
      visibility: 'counts',
      accepted: [],
      waiting: [],
      acceptedCount: 0,
      waitingCount: 0,
    });
    const teams = await h.call<{ team_name: string; is_in: boolean }[]>('withoutAuth/getTeamName');
    expect(teams.body.data!.map((t) => t.team_name).sort()).toEqual(['大安羽球同好會', '高雄羽風'].sort());
    expect(teams.body.data!.every((t) => t.is_in === false)).toBe(true);
  });

  it("answers 'Session not found, please contact administrator' for unknown and team-only sessions", async () => {
    for (const sessionId of ['no-such-session', ids.teamOnly]) {
      const res = await h.call('withoutAuth/getDetail', { sessionId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Session not found, please contact administrator');
    }
  });
});

describe('browsing as a player', () => {
  it("adds the caller's booking state and shows team-only sessions to members", async () => {
    const token = await h.login('Ubrowser', '球友');
    await h.call('checkState/sessionList/joinSession', { sessionId: ids.openTaipei }, { token });
    let page = await list({ status: 'open' }, token);
    expect(idsOf(page).map(name)).toEqual(['openTaipei', 'openKaohsiung', 'nextMonth']);
    expect(page.body.data!.items[0]!.myBooking).toMatchObject({ status: 'accepted', position: null, canCancel: true });
    expect(page.body.data!.items[1]!.myBooking).toBeNull();

    const joined = await h.call<{ is_in: boolean; amount_of_member: number }>(
      'checkState/member/joinTeam',
      { teamId: teamA.id },
      { token },
    );
    expect(joined.body.data).toMatchObject({ is_in: true, amount_of_member: 1 });
    const again = await h.call<{ amount_of_member: number }>(
      'checkState/member/joinTeam',
      { teamId: teamA.id },
      { token },
    );
    expect(again.body.data!.amount_of_member).toBe(1);
    page = await list({ status: 'open' }, token);
    expect(idsOf(page).map(name)).toContain('teamOnly');
    const teams = await h.call<{ team_id: string; is_in: boolean }[]>('checkState/static/getTeamName', undefined, {
      token,
    });
    expect(teams.body.data!.find((t) => t.team_id === teamA.id)?.is_in).toBe(true);
    expect((await h.call('checkState/member/joinTeam', { teamId: 'team-none' }, { token })).status).toBe(404);

    const detail = await h.call<{ myBooking: unknown }>(
      'checkState/sessionList/getDetail',
      { sessionId: ids.teamOnly },
      { token },
    );
    expect(detail.status).toBe(200);
    const members = await h.call<{ accepted: { isMe: boolean }[] }>(
      'checkState/sessionList/getMemberList',
      { sessionId: ids.openTaipei },
      { token },
    );
    expect(members.body.data!.accepted).toEqual([
      expect.objectContaining({ name: '球友', isMe: true, position: null }),
    ]);
  });

  it('requires a token on the logged-in forms', async () => {
    for (const path of [
      'checkState/sessionList/getSessionList',
      'checkState/sessionList/getDetail',
      'checkState/sessionList/getMemberList',
      'checkState/member/joinTeam',
    ]) {
      const res = await h.call(path, { sessionId: ids.openTaipei, teamId: teamA.id });
      expect(res.status, path).toBe(401);
      expect(res.body.message).toBe('No token found');
    }
  });
});

describe('players of a team-only session', () => {
  it("are shown to its members and its booked players only; everyone else gets the detail's 404", async () => {
    const session = await h.putSession(teamA, { startsInHours: 30 });
    const booked = await h.login('Uparticipant', '已報名');
    await h.call('checkState/sessionList/joinSession', { sessionId: session.id }, { token: booked });
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.session(session.id),
        UpdateExpression: 'SET isPublic = :false',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
    const outsider = await h.login('Uoutsider', '路人');
    const member = await h.login('Uteammate', '隊友');
    await h.call('checkState/member/joinTeam', { teamId: teamA.id }, { token: member });

    const anonymous = await h.call('withoutAuth/getMemberList', { sessionId: session.id });
    const stranger = await h.call(
      'checkState/sessionList/getMemberList',
      { sessionId: session.id },
      { token: outsider },
    );
    const detail = await h.call('withoutAuth/getDetail', { sessionId: session.id });
    for (const res of [anonymous, stranger]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ ...detail.body, timestamp: res.body.timestamp });
    }
    for (const token of [member, booked]) {
      const res = await h.call<{ accepted: { name: string }[] }>(
        'checkState/sessionList/getMemberList',
        { sessionId: session.id },
        { token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data!.accepted.map((p) => p.name)).toEqual(['已報名']);
    }
  });
});

describe('what a page reads, with 600 sessions across the country', () => {
  let big: ApiHarness;
  let reads: ReturnType<typeof countReads>;
  beforeAll(async () => {
    big = await createApiHarness();
    const now = big.clock.now();
    // Three regions, so one region's view has several pages; one busy day, so a date's has too.
    const regions = ['台北市', '新北市', '高雄市'] as const;
    await writeAll(big.store, [
      ...nationalSessions({ sessions: 540, days: 60, teams: 4, regions, now }),
      ...nationalSessions({ sessions: 60, days: 1, from: '2026-12-03', teams: 4, regions, now, seed: 2 }),
    ]);
    reads = countReads(big.store.doc);
  });
  afterAll(() => big.close());

  const views: [string, Record<string, unknown>][] = [
    ['the default view', {}],
    ['one region', { regions: ['台北市'] }],
    ['one date', { date: '2026-12-03' }],
    ["a team's view", { teamId: teamIdOf(1) }],
  ];

  it.each(views)('%s reads at most 100 items in a handful of queries, on page 1 and on page 3', async (_, filters) => {
    let cursor: string | null = null;
    const seen = new Set<string>();
    for (let n = 1; n <= 3; n++) {
      const { result, read } = await reads.during(() =>
        big.call<Page>('withoutAuth/getSessionList', { ...filters, cursor }),
      );
      expect(result.status).toBe(200);
      const page = result.body.data!;
      if (n === 1 || n === 3) {
        expect(read.items, `page ${n}`).toBeLessThanOrEqual(100);
        expect(read.queries, `page ${n}`).toBeLessThanOrEqual(QUERY_CAP);
      }
      for (const s of page.items) {
        expect(seen.has(s.id)).toBe(false);
        seen.add(s.id);
      }
      expect(page.nextCursor, `page ${n} of ${JSON.stringify(filters)}`).not.toBeNull();
      cursor = page.nextCursor;
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it("adds at most the page's booking rows and the player's teams for a signed-in player", async () => {
    const token = await big.login('Ucounter', '計數');
    const { result, read } = await reads.during(() =>
      big.call<Page>('checkState/sessionList/getSessionList', {}, { token }),
    );
    expect(result.body.data!.items).toHaveLength(20);
    expect(read.items).toBeLessThanOrEqual(100 + 20 + 10);
  });
});
