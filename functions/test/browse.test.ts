import { type SessionListQuery, sessionListQuery } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { matches, page } from '../src/sessions/browse.ts';
import type { SessionRecord } from '../src/sessions/model.ts';
import { browseWindow } from '../src/sessions/repository.ts';

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

const q = (over: Partial<SessionListQuery> = {}) => sessionListQuery.parse({ ...over });

const sessions = [
  session('ended', -30, { price: 100 }),
  session('live', -1, { price: 300 }),
  session('open', 24, { price: 250 }),
  session('later', 24 * 5, { price: 150 }),
];

describe('ordering', () => {
  it("'none' shows what is on, then bookable, then not yet open, then the past", () => {
    expect(page(sessions, q(), now).items.map((s) => s.id)).toEqual(['live', 'open', 'later', 'ended']);
  });
  it('sorts by time both ways', () => {
    expect(page(sessions, q({ sort: 'oldestFirst' }), now).items.map((s) => s.id)).toEqual([
      'ended',
      'live',
      'open',
      'later',
    ]);
    expect(page(sessions, q({ sort: 'latestFirst' }), now).items.map((s) => s.id)).toEqual([
      'later',
      'open',
      'live',
      'ended',
    ]);
  });
  it('sorts by price both ways', () => {
    expect(page(sessions, q({ sort: 'priceHighToLow' }), now).items.map((s) => s.price)).toEqual([300, 250, 150, 100]);
    expect(page(sessions, q({ sort: 'priceLowToHigh' }), now).items.map((s) => s.price)).toEqual([100, 150, 250, 300]);
  });
});

describe('cursor paging', () => {
  it('walks every session exactly once', () => {
    const many = Array.from({ length: 23 }, (_, i) =>
      session(`s${String(i).padStart(2, '0')}`, 10 + (i % 5), { price: 100 + (i % 3) }),
    );
    for (const sort of ['none', 'latestFirst', 'priceLowToHigh'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const result = page(many, q({ sort, limit: 5, cursor }), now);
        seen.push(...result.items.map((s) => s.id));
        cursor = result.nextCursor;
      } while (cursor);
      expect(seen.sort()).toEqual(many.map((s) => s.id).sort());
    }
  });
  it('resumes after the last item even when sessions were added meanwhile', () => {
    const first = page(sessions, q({ sort: 'oldestFirst', limit: 2 }), now);
    const withNew = [...sessions, session('early', -40)];
    const next = page(withNew, q({ sort: 'oldestFirst', limit: 2, cursor: first.nextCursor }), now);
    expect(next.items.map((s) => s.id)).toEqual(['open', 'later']);
  });
  it('ignores a cursor made for another sort order or tampered with', () => {
    const first = page(sessions, q({ sort: 'oldestFirst', limit: 2 }), now);
    expect(page(sessions, q({ sort: 'latestFirst', cursor: first.nextCursor }), now).items[0]?.id).toBe('later');
    expect(page(sessions, q({ cursor: 'not-base64-json' }), now).items).toHaveLength(4);
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
