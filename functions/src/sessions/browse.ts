import {
  addDays,
  type SessionListQuery,
  type SessionStatus,
  sessionStatusAt,
  statusFilterKeeps,
  taipeiDayStart,
} from '@shuttle/shared';
import { index } from '#db/keys.ts';
import type { IndexName } from '#db/table.ts';
import { ValidationError } from '#platform/errors.ts';
import {
  type BrowseCursor,
  type BrowsePlan,
  decodeCursor,
  encodeCursor,
  filtersOf,
  narrow,
  planBrowse,
  QUERY_CAP,
  READS_PER_ITEM,
  type Segment,
  type Sightings,
  type Stream,
} from './browse-plan.ts';
import type { SessionRecord } from './model.ts';

/**
 * One browse page, read by key: the plan's segments are walked in order over its streams (a
 * k-way merge when 1–3 regions are chosen), each underlying Query limited by what the page
 * still needs and by the page's read budget, and resumed from the cursor. Filters no key
 * serves are applied to what was read. Costs per page: db/TABLE.md.
 */

export interface BrowseViewer {
  teamIds: ReadonlySet<string>;
}

export function matches(
  session: SessionRecord,
  query: SessionListQuery,
  now: Date,
  viewer: BrowseViewer | null,
): boolean {
  if (!session.isPublic && !viewer?.teamIds.has(session.teamId)) return false;
  if (!statusFilterKeeps(query.status, sessionStatusAt(session, now))) return false;
  if (query.regions.length > 0 && !query.regions.includes(session.region)) return false;
  if (query.categories.length > 0 && !query.categories.some((c) => session.categories.includes(c))) return false;
  if (query.teamId && session.teamId !== query.teamId) return false;
  if (query.teamName && !session.teamName.toLowerCase().includes(query.teamName.toLowerCase())) return false;
  if (query.level !== null && session.levelMin !== undefined && session.levelMax !== undefined) {
    if (query.level < session.levelMin || query.level > session.levelMax) return false;
  }
  return true;
}

/** One Query of an index partition: `lo`..`hi` inclusive, after `after` (an item's sort key). */
export interface IndexQuery {
  index: IndexName;
  partition: string;
  lo: string;
  hi: string;
  forward: boolean;
  limit: number;
  after?: string;
}

/**
 * The items of one Query, each with its sort key in the index read (where the next Query of the
 * partition starts), and whether it stopped at its limit (DynamoDB's LastEvaluatedKey).
 */
export interface IndexPage {
  items: { session: SessionRecord; sortKey: string }[];
  more: boolean;
}

export type IndexReader = (query: IndexQuery) => Promise<IndexPage>;

export interface BrowsePage {
  items: SessionRecord[];
  nextCursor: string | null;
}

/** The price index's key of a session, computed, for price order read in memory. */
const priceKeyOf = (session: SessionRecord, day: string) =>
  index.sessionsByPriceDay(day, session.price, session.startsAt, session.id).GSI4SK;

interface Walker {
  stream: Stream;
  lo: string;
  hi: string;
  parts: { pk: string; start: string; end: string }[];
  part: number;
  after?: string;
  buf: { key: string; session: SessionRecord }[];
  done: boolean;
  taken: string | null;
  batch: number;
}

class Reads {
  count = 0;
  queries = 0;
  constructor(
    private readonly reader: IndexReader,
    readonly max: number,
  ) {}

  async query(q: IndexQuery): Promise<IndexPage> {
    this.queries++;
    const page = await this.reader(q);
    this.count += page.items.length;
    return page;
  }
}

/** A stream's walk of one segment from a cursor position (see `BrowseCursor.p`). */
function openWalker(stream: Stream, segment: Segment, position: string | null, batch: number): Walker {
  // [lo, hi] is the key condition; [from, to] picks the partitions still to read.
  let { lo, hi } = segment;
  let [from, to] = [lo, hi];
  let after: string | undefined;
  let done = position === '~';
  if (position && !done) {
    if (position.includes('#')) {
      if (position < lo) done = !segment.forward;
      else if (position > hi) done = segment.forward;
      else {
        after = position;
        if (segment.forward) from = position;
        else to = position;
      }
    } else if (segment.forward) {
      if (position > lo) lo = from = position;
    } else if (position < hi) hi = to = position;
  }
  const parts = done || lo > hi ? [] : stream.partitions(from, to);
  if (!segment.forward) parts.reverse();
  return { stream, lo, hi, parts, part: 0, after, buf: [], done: parts.length === 0, taken: position, batch };
}

/** Where the walker goes on next time: its last consumed key or the partition boundary it reached. */
function positionOf(w: Walker, forward: boolean): string | null {
  if (w.buf.length > 0) return w.taken;
  if (w.done) return '~';
  if (w.after) return w.after;
  const part = w.parts[w.part];
  if (w.part === 0 || !part) return w.taken;
  return forward ? part.start : part.end;
}

async function fill(w: Walker, reads: Reads, forward: boolean, limit: number): Promise<void> {
  const part = w.parts[w.part]!;
  const page = await reads.query({
    index: w.stream.index,
    partition: part.pk,
    lo: w.lo,
    hi: w.hi,
    forward,
    limit,
    ...(w.after ? { after: w.after } : {}),
  });
  for (const { session, sortKey } of page.items) w.buf.push({ key: sortKey, session });
  const last = w.buf.at(-1);
  if (page.more && page.items.length > 0 && last) {
    w.after = last.key;
    return;
  }
  w.after = undefined;
  w.part += 1;
  w.done = w.part >= w.parts.length;
}

interface Walk {
  plan: BrowsePlan;
  query: SessionListQuery;
  now: Date;
  viewer: () => Promise<BrowseViewer | null>;
  reads: Reads;
  out: SessionRecord[];
  seen: Sightings;
}

/** Walks one segment until the page is full ('full'), the segment ends ('done') or the budget does. */
async function walkSegment(
  walk: Walk,
  i: number,
  segment: Segment,
  walkers: Walker[],
): Promise<'full' | 'done' | 'stopped'> {
  const { query, now, reads, out, seen } = walk;
  const record = new Set<SessionStatus>(
    walk.plan.segments.flatMap((s) => (s.after?.segment === i && s.status ? [s.status] : [])),
  );
  for (;;) {
    if (out.length >= query.limit) return 'full';
    const empty = walkers.filter((w) => w.buf.length === 0 && !w.done);
    if (empty.length > 0) {
      const left = reads.max - reads.count;
      if (left < empty.length || QUERY_CAP - reads.queries < empty.length) return 'stopped';
      const share = Math.floor(left / empty.length);
      await Promise.all(
        empty.map(async (w) => {
          await fill(w, reads, segment.forward, Math.min(share, w.batch));
          w.batch = Math.min(w.batch * 2, reads.max);
        }),
      );
      continue;
    }
    let best: Walker | undefined;
    for (const w of walkers) {
      const head = w.buf[0];
      if (!head) continue;
      const bestKey = best?.buf[0]?.key;
      if (bestKey === undefined || (segment.forward ? head.key < bestKey : head.key > bestKey)) best = w;
    }
    if (!best) return 'done';
    const { key, session } = best.buf.shift()!;
    best.taken = key;
    const status = sessionStatusAt(session, now);
    if (record.has(status)) {
      const t = Date.parse(session.startsAt);
      const span = seen[status];
      seen[status] = span ? [Math.min(span[0], t), Math.max(span[1], t)] : [t, t];
    }
    if ((segment.status === null || status === segment.status) && matches(session, query, now, await walk.viewer())) {
      out.push(session);
    }
  }
}

/** Price order of a day for one team or up to three regions, read whole when it is small. */
async function smallPrice(walk: Walk, after: string | null): Promise<BrowsePage | null> {
  const { plan, query, now, reads } = walk;
  const price = plan.price!;
  const probe = Math.floor(reads.max / 2);
  const lo = taipeiDayStart(price.day);
  const hi = taipeiDayStart(addDays(price.day, 1));
  const found: SessionRecord[] = [];
  for (const stream of price.small) {
    for (const part of stream.partitions(lo, lo)) {
      const page = await reads.query({
        index: stream.index,
        partition: part.pk,
        lo,
        hi,
        forward: true,
        limit: probe - found.length + 1,
      });
      found.push(...page.items.map((item) => item.session));
      if (page.more || found.length > probe) return null;
    }
  }
  const viewer = await walk.viewer();
  const keyed = found
    .filter((s) => matches(s, query, now, viewer))
    .map((session) => ({ key: priceKeyOf(session, price.day), session }))
    .filter((k) => after === null || (price.forward ? k.key > after : k.key < after))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) * (price.forward ? 1 : -1));
  const slice = keyed.slice(0, query.limit);
  const last = slice.at(-1);
  const cursor: BrowseCursor = { f: filtersOf(query), n: now.getTime(), s: 0, p: [last?.key ?? null] };
  return {
    items: slice.map((k) => k.session),
    nextCursor: keyed.length > query.limit && last ? encodeCursor(cursor) : null,
  };
}

/**
 * One page of a browse. `now` is the request's time; the first page's time is pinned in the
 * cursor so every page of one list shares the same segments (nothing skipped or repeated).
 */
export async function browsePage(
  reader: IndexReader,
  query: SessionListQuery,
  now: Date,
  viewerOf: Promise<BrowseViewer | null>,
): Promise<BrowsePage> {
  const cursor = decodeCursor(query.cursor, query, now);
  const at = cursor ? new Date(cursor.n) : now;
  const plan = planBrowse(query, at);
  if (cursor && (cursor.s >= plan.segments.length || cursor.p.length > plan.streams.length)) {
    throw new ValidationError([{ path: 'cursor', message: 'is not a cursor of this list' }]);
  }
  // Handled here so a failed membership read that no session needed is not left unhandled.
  viewerOf.catch(() => undefined);
  let viewer: BrowseViewer | null | undefined;
  const walk: Walk = {
    plan,
    query,
    now: at,
    viewer: async () => {
      if (viewer === undefined) viewer = await viewerOf;
      return viewer;
    },
    reads: new Reads(reader, query.limit * READS_PER_ITEM),
    out: [],
    seen: { ...(cursor?.o ?? {}) },
  };
  if (plan.price && plan.price.small.length > 0) {
    const small = await smallPrice(walk, cursor?.p[0] ?? null);
    if (small) return small;
  }
  return walkPlan(walk, cursor);
}

async function walkPlan(walk: Walk, cursor: BrowseCursor | null): Promise<BrowsePage> {
  const { plan, query } = walk;
  let positions: (string | null)[] = cursor?.p ?? [];
  for (let i = cursor?.s ?? 0; i < plan.segments.length; i++) {
    const segment = narrow(plan, i, walk.seen);
    if (!segment) {
      positions = [];
      continue;
    }
    const batch = Math.min(query.limit - walk.out.length + 1, walk.reads.max);
    const walkers = plan.streams.map((stream, k) => openWalker(stream, segment, positions[k] ?? null, batch));
    const end = await walkSegment(walk, i, segment, walkers);
    positions = [];
    if (end === 'done') continue;
    const pending = walkers.some((w) => w.buf.length > 0 || !w.done);
    const later = plan.segments.slice(i + 1).some((_, j) => narrow(plan, i + 1 + j, walk.seen) !== null);
    if (end === 'full' && !pending && !later) break;
    const next: BrowseCursor = {
      f: filtersOf(query),
      n: walk.now.getTime(),
      s: i,
      p: walkers.map((w) => positionOf(w, segment.forward)),
      ...(Object.keys(walk.seen).length > 0 ? { o: walk.seen } : {}),
    };
    return { items: walk.out, nextCursor: encodeCursor(next) };
  }
  return { items: walk.out, nextCursor: null };
}
