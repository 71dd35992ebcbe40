import {
  ADMIN_LIMITS,
  addDays,
  monthsBetween,
  type SessionListQuery,
  type SessionStatus,
  taipeiDate,
  taipeiDayStart,
} from '@shuttle/shared';
import { index } from '#db/keys.ts';
import type { IndexName } from '#db/table.ts';
import { ValidationError } from '#platform/errors.ts';

/**
 * What one browse page reads: the key-ordered streams (index partitions) and the consecutive
 * sort-key ranges ("segments") walked over them, and the opaque cursor that records where each
 * stream stopped. Pure; the reads are in browse.ts. Access patterns and costs: db/TABLE.md.
 */

/** Days of the past and the future a browse covers when no date is chosen. */
export const BROWSE_WINDOW = { pastDays: 14, futureDays: 90, endedPastDays: 30 } as const;

/** Streams a browse merges by key; above this many regions it reads the national partitions. */
export const REGION_STREAMS_MAX = 3;

/** Items one page may read, per item it shows (100 for the default page of 20). */
export const READS_PER_ITEM = 5;

/** Queries one page may issue; where data is sparse a page stops early and hands on a cursor. */
export const QUERY_CAP = 12;

/** No session lasts longer, so whatever is under way started at most this long ago. */
const LONGEST_SESSION_MS = ADMIN_LIMITS.maxSessionHours * 3_600_000;

/** The closed Taipei date range a browse reads, chosen by date filter and status tab. */
export function browseWindow(
  query: Pick<SessionListQuery, 'date' | 'status'>,
  now: Date,
): { from: string; to: string } {
  if (query.date) return { from: query.date, to: query.date };
  const today = taipeiDate(now);
  switch (query.status) {
    case 'ended':
      return { from: addDays(today, -BROWSE_WINDOW.endedPastDays), to: today };
    case 'inProgress':
      return { from: addDays(today, -1), to: today };
    case 'open':
    case 'notYetOpen':
    case 'upcoming':
      return { from: today, to: addDays(today, BROWSE_WINDOW.futureDays) };
    default:
      return { from: addDays(today, -BROWSE_WINDOW.pastDays), to: addDays(today, BROWSE_WINDOW.futureDays) };
  }
}

/** One index partition of a stream and the sort keys it can hold: [start, end). */
export interface Partition {
  pk: string;
  start: string;
  end: string;
}

/** One key-ordered source: a family of index partitions whose sort keys start with an instant. */
export interface Stream {
  index: IndexName;
  /** The partitions that can hold sort keys in [lo, hi], in ascending key order. */
  partitions(lo: string, hi: string): Partition[];
}

const single = (indexName: IndexName, pk: string): Stream => ({
  index: indexName,
  partitions: () => [{ pk, start: '', end: '~' }],
});
const monthly = (indexName: IndexName, partitionOfMonth: (month: string) => string): Stream => ({
  index: indexName,
  partitions: (lo, hi) =>
    monthsBetween(taipeiDate(lo.slice(0, 24)), taipeiDate(hi.slice(0, 24))).map((month) => {
      const [y, m] = month.split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
      return { pk: partitionOfMonth(month), start: taipeiDayStart(`${month}-01`), end: taipeiDayStart(`${next}-01`) };
    }),
});

/** A sort-key range walked in one direction, keeping the sessions of one status (or all). */
export interface Segment {
  lo: string;
  hi: string;
  forward: boolean;
  status: SessionStatus | null;
  /** Narrowed by what an earlier segment of the same page plan saw (see `narrow`). */
  after?: { segment: number; kind: 'within' | 'below' };
}

export interface BrowsePlan {
  streams: Stream[];
  segments: Segment[];
  /** Price order: read by the price index of the chosen day, or in memory from `small`. */
  price: { day: string; forward: boolean; small: Stream[] } | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** Sort-key bounds: `at(t)` sorts before every key of instant t, `through(t)` after them. */
const at = (ms: number) => iso(ms);
const through = (ms: number) => `${iso(ms)}$`;
const maxKey = (a: string, b: string) => (a > b ? a : b);
const minKey = (a: string, b: string) => (a < b ? a : b);

function streamsOf(query: SessionListQuery): Stream[] {
  if (query.teamId) return [single('GSI3', index.teamSessionsPartition(query.teamId))];
  if (query.regions.length > 0 && query.regions.length <= REGION_STREAMS_MAX) {
    return [...new Set(query.regions)]
      .sort()
      .map((region) => monthly('GSI2', (month) => index.regionMonthPartition(region, month)));
  }
  return [monthly('GSI1', (month) => index.monthPartition(month))];
}

/**
 * The segments of a query at `now`. The default order is four consecutive ranges, since status
 * follows from the times: under way (started in the last 12 hours, newest start first), bookable
 * and not yet open (both starting later, by start), ended (by start, newest first).
 */
export function planBrowse(query: SessionListQuery, now: Date): BrowsePlan {
  const { from, to } = browseWindow(query, now);
  const window = { lo: at(Date.parse(taipeiDayStart(from))), hi: at(Date.parse(taipeiDayStart(addDays(to, 1)))) };
  const t = now.getTime();
  const range: Record<SessionStatus, { lo: string; hi: string }> = {
    inProgress: { lo: at(t - LONGEST_SESSION_MS), hi: through(t) },
    open: { lo: through(t), hi: window.hi },
    notYetOpen: { lo: through(t), hi: window.hi },
    ended: { lo: window.lo, hi: at(t) },
  };
  const clip = (r: { lo: string; hi: string }) => ({ lo: maxKey(r.lo, window.lo), hi: minKey(r.hi, window.hi) });
  const status = query.status === 'all' || query.status === 'upcoming' ? null : query.status;
  // Not started yet: the open and not-yet-open ranges (both start after now).
  const upcoming = query.status === 'upcoming' ? clip({ lo: through(t), hi: window.hi }) : null;

  if (query.sort === 'priceHighToLow' || query.sort === 'priceLowToHigh') {
    if (!query.date) {
      throw new ValidationError([{ path: 'sort', message: 'price order needs a date (it applies within one day)' }]);
    }
    const forward = query.sort === 'priceLowToHigh';
    return {
      streams: [single('GSI4', index.priceDayPartition(query.date))],
      segments: [{ lo: '0', hi: '9~', forward, status }],
      price: {
        day: query.date,
        forward,
        small:
          query.teamId || (query.regions.length > 0 && query.regions.length <= REGION_STREAMS_MAX)
            ? streamsOf(query)
            : [],
      },
    };
  }

  let segments: Segment[];
  if (query.sort === 'oldestFirst' || query.sort === 'latestFirst') {
    const r = status ? clip(range[status]) : (upcoming ?? window);
    segments = [{ ...r, forward: query.sort === 'oldestFirst', status }];
  } else if (upcoming) {
    segments = [
      { ...clip(range.open), forward: true, status: 'open' },
      { ...clip(range.notYetOpen), forward: true, status: 'notYetOpen', after: { segment: 0, kind: 'within' } },
    ];
  } else if (status) {
    segments = [{ ...clip(range[status]), forward: status === 'open' || status === 'notYetOpen', status }];
  } else {
    segments = [
      { ...clip(range.inProgress), forward: false, status: 'inProgress' },
      { ...clip(range.open), forward: true, status: 'open' },
      { ...clip(range.notYetOpen), forward: true, status: 'notYetOpen', after: { segment: 1, kind: 'within' } },
      { ...clip(range.ended), forward: false, status: 'ended', after: { segment: 0, kind: 'below' } },
    ];
  }
  return { streams: streamsOf(query), segments, price: null };
}

/** What a walk saw of the statuses a later segment keeps: their first and last start. */
export type Sightings = Partial<Record<SessionStatus, [number, number]>>;

/**
 * A later segment after an earlier one walked the same (or an adjoining) range to its end:
 * 'within' keeps only the span where the earlier walk saw this status; 'below' skips the
 * earlier walk's range except down to the last session of this status it saw.
 */
export function narrow(plan: BrowsePlan, i: number, seen: Sightings): Segment | null {
  const segment = plan.segments[i]!;
  const before = segment.after ? plan.segments[segment.after.segment] : undefined;
  let { lo, hi } = segment;
  const span = segment.status ? seen[segment.status] : undefined;
  if (segment.after && before && before.lo <= before.hi) {
    if (segment.after.kind === 'within') {
      if (!span) return null;
      lo = maxKey(lo, at(span[0]));
      hi = minKey(hi, through(span[1]));
    } else {
      hi = minKey(hi, span ? through(span[1]) : before.lo);
    }
  }
  return lo <= hi ? { ...segment, lo, hi } : null;
}

export interface BrowseCursor {
  /** The filters the cursor was made for. */
  f: string;
  /** The instant the first page was read at: every page of one list uses it. */
  n: number;
  /**
   * Segment index, and per stream where to go on: the sort key of the last session it
   * consumed, a partition boundary it reached (a bare instant), '~' (done) or null (not begun).
   */
  s: number;
  p: (string | null)[];
  /** Sightings so far (start instants in ms). */
  o?: Sightings;
}

/** A short fingerprint of everything but the cursor and page size. */
export function filtersOf(query: SessionListQuery): string {
  const text = JSON.stringify([
    query.status,
    [...query.regions].sort(),
    query.date,
    [...query.categories].sort(),
    query.sort,
    query.teamId,
    query.teamName.toLowerCase(),
    // Added after the others, and only when set, so cursors of lists without it stay valid.
    ...(query.level === null ? [] : [query.level]),
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

export function encodeCursor(cursor: BrowseCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const KEY = /^[0-9A-Za-z:.$#~_-]{1,160}$/;
const CURSOR_MAX_AGE_MS = 7 * 86_400_000;

const invalid = (message: string) => new ValidationError([{ path: 'cursor', message }]);

/** The cursor of the next page, checked against the query and the plan; bad ones are a 400. */
export function decodeCursor(raw: string | null, query: SessionListQuery, now: Date): BrowseCursor | null {
  if (raw === null) return null;
  let value: BrowseCursor;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as BrowseCursor;
  } catch {
    throw invalid('is not a cursor of this list');
  }
  if (typeof value !== 'object' || value === null) throw invalid('is not a cursor of this list');
  if (value.f !== filtersOf(query)) throw invalid('was made for other filters');
  if (!Number.isSafeInteger(value.n) || value.n > now.getTime() + 60_000 || value.n < now.getTime() - CURSOR_MAX_AGE_MS)
    throw invalid('has expired');
  if (!Number.isInteger(value.s) || value.s < 0 || !Array.isArray(value.p) || value.p.length > REGION_STREAMS_MAX)
    throw invalid('is not a cursor of this list');
  if (!value.p.every((p) => p === null || (typeof p === 'string' && KEY.test(p))))
    throw invalid('is not a cursor of this list');
  if (value.o !== undefined) {
    const spans = Object.entries(value.o ?? {});
    const ok =
      typeof value.o === 'object' &&
      spans.every(
        ([k, v]) =>
          ['inProgress', 'open', 'notYetOpen', 'ended'].includes(k) &&
          Array.isArray(v) &&
          v.length === 2 &&
          v.every((x) => Number.isSafeInteger(x)),
      );
    if (!ok) throw invalid('is not a cursor of this list');
  }
  return value;
}
