import { REGIONS, type SessionListQuery, sessionListQuery, sessionStatusAt } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { sessionCodec } from '../src/db/codecs/sessions.ts';
import { ValidationError } from '../src/platform/errors.ts';
import { type BrowseViewer, browsePage, type IndexReader, matches } from '../src/sessions/browse.ts';
import { browseWindow, QUERY_CAP } from '../src/sessions/browse-plan.ts';
import { sessionItemKeys } from '../src/sessions/factory.ts';
import type { SessionRecord } from '../src/sessions/model.ts';

const now = new Date('2026-12-01T02:00:00.000Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

function session(id: string, startInHours: number, over: Partial<SessionRecord> = {}): SessionRecord {
  return {
    type: 'session',
    id,
    teamId: 't1',
    teamName: '大安羽球',
    title: id,
    venue: 'v',
    address: 'a',
    region: '台北市',
    categories: ['casual'],
    courts: 2,
    capacity: 12,
    price: 200,
    startsAt: hours(startInHours),
    endsAt: hours(startInHours + 2),
    signupOpensAt: hours(startInHours - 72),
    isPublic: true,
    bookingClosed: false,
    notes: '',
    lineLink: '',
    cancelWindowMinutes: 120,
    acceptedCount: 0,
    remaining: 12,
    waitingCount: 0,
    waitlist: [],
    createdAt: hours(-100),
    updatedAt: hours(-100),
    createdBy: 't',
    ...over,
  };
}

/** The browse indexes of `sessions` answering Queries as DynamoDB does (Limit, ExclusiveStartKey). */
function fakeIndexes(sessions: SessionRecord[]) {
  const items = sessions.map((s) => ({ ...sessionItemKeys(s), ...s }) as unknown as Record<string, string>);
  const partitions = new Map<string, Record<string, string>[]>();
  const partition = (indexName: string, pk: string) => {
    const id = `${indexName}|${pk}`;
    let rows = partitions.get(id);
    if (!rows) {
      const sk = `${indexName}SK`;
      rows = items.filter((i) => i[`${indexName}PK`] === pk).sort((a, b) => (a[sk]! < b[sk]! ? -1 : 1));
      partitions.set(id, rows);
    }
    return rows;
  };
  const stats = { reads: 0, queries: 0 };
  const reader: IndexReader = async (q) => {
    const sk = `${q.index}SK`;
    if (q.lo > q.hi) throw new Error('BETWEEN bounds in the wrong order');
    if (q.after !== undefined && (q.after < q.lo || q.after > q.hi)) throw new Error('start key outside the range');
    let rows = partition(q.index, q.partition).filter((i) => i[sk]! >= q.lo && i[sk]! <= q.hi);
    if (!q.forward) rows = [...rows].reverse();
    if (q.after !== undefined) rows = rows.filter((r) => (q.forward ? r[sk]! > q.after! : r[sk]! < q.after!));
    const page = rows.slice(0, q.limit);
    stats.queries += 1;
    stats.reads += page.length;
    const items = page.map((item) => ({ session: sessionCodec.decode(item), sortKey: item[sk]! }));
    return { items, more: page.length === q.limit };
  };
  const add = (s: SessionRecord) => {
    items.push({ ...sessionItemKeys(s), ...s } as never);
    partitions.clear();
  };
  return { reader, stats, add };
}

const q = (over: Partial<SessionListQuery> = {}) => sessionListQuery.parse({ ...over });
const viewerOf = (teamIds: string[] | null) =>
  Promise.resolve<BrowseViewer | null>(teamIds && { teamIds: new Set(teamIds) });
const pageOf = (sessions: SessionRecord[], query: SessionListQuery, at = now) =>
  browsePage(fakeIndexes(sessions).reader, query, at, viewerOf(null));

/** Every page of a query, in order, with the reads and queries of each. */
async function walkAll(
  reader: ReturnType<typeof fakeIndexes>,
  query: SessionListQuery,
  viewer: string[] | null = null,
) {
  const ids: string[] = [];
  const costs: { reads: number; queries: number }[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 500; n++) {
    const before = { ...reader.stats };
    const page = await browsePage(reader.reader, { ...query, cursor }, now, viewerOf(viewer));
    costs.push({ reads: reader.stats.reads - before.reads, queries: reader.stats.queries - before.queries });
    ids.push(...page.items.map((s) => s.id));
    cursor = page.nextCursor;
    if (!cursor) return { ids, costs };
  }
  throw new Error('the walk did not end');
}

const sessions = [
  session('ended', -30, { price: 100 }),
  session('live', -1, { price: 300 }),
  session('open', 24, { price: 250 }),
  session('later', 24 * 5, { price: 150 }),
];
const oneDay = [
  session('night', -9, { price: 100 }),
  session('morning', -1, { price: 300 }),
  session('noon', 2, { price: 250 }),
  session('evening', 10, { price: 150 }),
];

describe('ordering', () => {
  it("'none' shows what is on, then bookable, then not yet open, then the past", async () => {
    expect((await pageOf(sessions, q())).items.map((s) => s.id)).toEqual(['live', 'open', 'later', 'ended']);
  });
  it('sorts by time both ways', async () => {
    expect((await pageOf(sessions, q({ sort: 'oldestFirst' }))).items.map((s) => s.id)).toEqual([
      'ended',
      'live',
      'open',
      'later',
    ]);
    expect((await pageOf(sessions, q({ sort: 'latestFirst' }))).items.map((s) => s.id)).toEqual([
      'later',
      'open',
      'live',
      'ended',
    ]);
  });
  it('sorts by price both ways within the chosen date', async () => {
    const date = '2026-12-01';
    expect((await pageOf(oneDay, q({ sort: 'priceHighToLow', date }))).items.map((s) => s.price)).toEqual([
      300, 250, 150, 100,
    ]);
    expect((await pageOf(oneDay, q({ sort: 'priceLowToHigh', date }))).items.map((s) => s.price)).toEqual([
      100, 150, 250, 300,
    ]);
  });
  it('refuses price order without a date, since it is bounded by the day', async () => {
    await expect(pageOf(sessions, q({ sort: 'priceHighToLow' }))).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('cursor paging', () => {
  it('walks every session exactly once', async () => {
    const many = Array.from({ length: 23 }, (_, i) =>
      session(`s${String(i).padStart(2, '0')}`, 10 + (i % 5), { price: 100 + (i % 3) }),
    );
    const all = many.map((s) => s.id).sort();
    for (const sort of ['none', 'latestFirst'] as const) {
      const { ids } = await walkAll(fakeIndexes(many), q({ sort, limit: 5 }));
      expect(ids.sort()).toEqual(all);
    }
    // Price order is per day: the two days these sessions fall on cover each exactly once.
    const byPrice: string[] = [];
    for (const date of ['2026-12-01', '2026-12-02']) {
      byPrice.push(...(await walkAll(fakeIndexes(many), q({ sort: 'priceLowToHigh', limit: 5, date }))).ids);
    }
    expect(byPrice.sort()).toEqual(all);
  });
  it('resumes after the last item even when sessions were added meanwhile', async () => {
    const indexes = fakeIndexes(sessions);
    const first = await browsePage(indexes.reader, q({ sort: 'oldestFirst', limit: 2 }), now, viewerOf(null));
    indexes.add(session('early', -40));
    const next = await browsePage(
      indexes.reader,
      q({ sort: 'oldestFirst', limit: 2, cursor: first.nextCursor }),
      now,
      viewerOf(null),
    );
    expect(next.items.map((s) => s.id)).toEqual(['open', 'later']);
  });
  it('refuses a cursor made for another sort order or tampered with (400)', async () => {
    const first = await pageOf(sessions, q({ sort: 'oldestFirst', limit: 2 }));
    await expect(pageOf(sessions, q({ sort: 'latestFirst', cursor: first.nextCursor }))).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(pageOf(sessions, q({ cursor: 'not-base64-json' }))).rejects.toBeInstanceOf(ValidationError);
    const forged = Buffer.from(JSON.stringify({ f: 'x', n: now.getTime(), s: 9, p: [] })).toString('base64url');
    await expect(pageOf(sessions, q({ cursor: forged }))).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('filters', () => {
  it('match status, region, category, team and team name', () => {
    const s = session('x', 24, { categories: ['training', 'beginner'], region: '新北市' });
    expect(matches(s, q({ status: 'open' }), now, null)).toBe(true);
    expect(matches(s, q({ status: 'ended' }), now, null)).toBe(false);
    expect(matches(s, q({ regions: ['台北市'] }), now, null)).toBe(false);
    expect(matches(s, q({ regions: ['台北市', '新北市'] }), now, null)).toBe(true);
    expect(matches(s, q({ categories: ['beginner'] }), now, null)).toBe(true);
    expect(matches(s, q({ categories: ['competitive'] }), now, null)).toBe(false);
    expect(matches(s, q({ teamId: 't2' }), now, null)).toBe(false);
    expect(matches(s, q({ teamName: '大安' }), now, null)).toBe(true);
  });
  it('show team-only sessions to that team only', () => {
    const s = session('private', 24, { isPublic: false });
    expect(matches(s, q(), now, null)).toBe(false);
    expect(matches(s, q(), now, { teamIds: new Set(['t2']) })).toBe(false);
    expect(matches(s, q(), now, { teamIds: new Set(['t1']) })).toBe(true);
  });
  it('read a window chosen by date and status tab', () => {
    expect(browseWindow({ date: '2026-12-24', status: 'all' }, now)).toEqual({ from: '2026-12-24', to: '2026-12-24' });
    expect(browseWindow({ date: null, status: 'ended' }, now)).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(browseWindow({ date: null, status: 'open' }, now).from).toBe('2026-12-01');
  });
});

/** A deterministic spread of sessions: every status, regions, teams, lengths and sign-up leads. */
function country(count: number, seed = 7): SessionRecord[] {
  let x = seed;
  const rand = () => {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    return x / 2 ** 32;
  };
  return Array.from({ length: count }, (_, i) => {
    const start = Math.round((-20 * 24 + rand() * 110 * 24) * 2) / 2;
    const length = [1.5, 2, 2, 2, 3, 4, 12][Math.floor(rand() * 7)]!;
    const lead = [0, 24, 72, 168, 168, 336, 1440][Math.floor(rand() * 7)]!;
    const team = Math.floor(rand() * 12);
    return session(`c${String(i).padStart(4, '0')}`, start, {
      endsAt: hours(start + length),
      signupOpensAt: hours(start - lead),
      region: REGIONS[Math.floor(rand() * 4)]!,
      teamId: `team${team}`,
      teamName: team % 2 ? '大安羽球' : '高雄羽風',
      isPublic: rand() > 0.1,
      categories: [(['casual', 'competitive', 'beginner'] as const)[Math.floor(rand() * 3)]!],
      price: 100 + Math.floor(rand() * 6) * 50,
    });
  });
}

/** What a page walk must return: the filtered window in the documented order (TABLE.md). */
function expected(all: SessionRecord[], query: SessionListQuery, viewer: string[] | null): string[] {
  const { from, to } = browseWindow(query, now);
  const view = viewer ? { teamIds: new Set(viewer) } : null;
  const key = (s: SessionRecord) => `${s.startsAt}#${s.id}`;
  const priceKey = (s: SessionRecord) => `${String(s.price).padStart(7, '0')}#${key(s)}`;
  const rank = { inProgress: 0, open: 1, notYetOpen: 2, ended: 3 } as const;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return all
    .filter((s) => {
      const day = new Date(Date.parse(s.startsAt) + 8 * 3_600_000).toISOString().slice(0, 10);
      return day >= from && day <= to && matches(s, query, now, view);
    })
    .sort((a, b) => {
      switch (query.sort) {
        case 'oldestFirst':
          return cmp(key(a), key(b));
        case 'latestFirst':
          return cmp(key(b), key(a));
        case 'priceLowToHigh':
          return cmp(priceKey(a), priceKey(b));
        case 'priceHighToLow':
          return cmp(priceKey(b), priceKey(a));
        default: {
          const [ra, rb] = [rank[sessionStatusAt(a, now)], rank[sessionStatusAt(b, now)]];
          if (ra !== rb) return ra - rb;
          return ra === 1 || ra === 2 ? cmp(key(a), key(b)) : cmp(key(b), key(a));
        }
      }
    })
    .map((s) => s.id);
}

describe('reading by key, page by page', () => {
  // A busy day for one team and a busy hour now, so every view below has several pages.
  const busy = Array.from({ length: 80 }, (_, i) =>
    session(`busy${i}`, 38 + (i % 24), { teamId: 'team3', signupOpensAt: hours(-1), price: 100 + (i % 7) * 20 }),
  );
  const live = Array.from({ length: 40 }, (_, i) =>
    session(`live${i}`, -0.5 - (i % 22) / 2, { teamId: `team${i % 4}`, endsAt: hours(0.5 + (i % 5)) }),
  );
  const all = [...country(1500), ...busy, ...live];
  const views: [string, Partial<SessionListQuery>, string[] | null][] = [
    ['default', {}, null],
    ['default, as a member of two teams', {}, ['team1', 'team4']],
    ['one region', { regions: ['台中市'] }, null],
    ['two regions', { regions: ['台北市', '高雄市'] }, null],
    ['four regions', { regions: ['台北市', '新北市', '桃園市', '台中市'] }, null],
    ['one date', { date: '2026-12-03' }, null],
    ['one team', { teamId: 'team3' }, null],
    ['team name and category', { teamName: '羽風', categories: ['beginner'] }, null],
    ['under way', { status: 'inProgress' }, null],
    ['bookable', { status: 'open', regions: ['新北市'] }, null],
    ['not yet open', { status: 'notYetOpen' }, null],
    ['ended', { status: 'ended', teamId: 'team5' }, null],
    ['oldest first', { sort: 'oldestFirst', regions: ['桃園市'] }, null],
    ['latest first, open', { sort: 'latestFirst', status: 'open' }, null],
    ['price high to low', { sort: 'priceHighToLow', date: '2026-12-03' }, null],
    ['price low to high, one team', { sort: 'priceLowToHigh', date: '2026-12-03', teamId: 'team3' }, null],
    ['price, one region', { sort: 'priceLowToHigh', date: '2026-12-03', regions: ['台北市'] }, null],
    ['price, small team day', { sort: 'priceHighToLow', date: '2026-12-10', teamId: 'team2' }, ['team2']],
  ];

  it.each(views)('%s: every page in order, each read bounded', async (name, over, viewer) => {
    for (const limit of [20, 7]) {
      const query = q({ ...over, limit });
      const { ids, costs } = await walkAll(fakeIndexes(all), query, viewer);
      const want = expected(all, query, viewer);
      expect(want.length).toBeGreaterThan(name.includes('small') ? 0 : 7);
      expect(ids).toEqual(want);
      for (const cost of costs) {
        expect(cost.reads).toBeLessThanOrEqual(5 * limit);
        expect(cost.queries).toBeLessThanOrEqual(QUERY_CAP);
      }
    }
  });

  it('reads at most 100 items for pages 1 and 3 of the default, region, date and team views', async () => {
    const four: Partial<SessionListQuery>[] = [
      {},
      { regions: ['台北市'] },
      { date: '2026-12-03' },
      { teamId: 'team3' },
    ];
    for (const over of four) {
      const { costs } = await walkAll(fakeIndexes(all), q(over));
      expect(costs.length, JSON.stringify(over)).toBeGreaterThanOrEqual(3);
      for (const page of [costs[0]!, costs[2]!]) {
        expect(page.reads).toBeLessThanOrEqual(100);
        expect(page.queries).toBeLessThanOrEqual(QUERY_CAP);
      }
    }
  });
});
