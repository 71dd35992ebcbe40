import { type SessionListQuery, type SessionStatus, type SortOrder, sessionStatusAt } from '@shuttle/shared';
import type { SessionRecord } from './model.ts';

/** Pure filtering, ordering and cursor paging of a browse window; see repository.ts for the reads. */

const STATUS_RANK: Record<SessionStatus, number> = { inProgress: 0, open: 1, notYetOpen: 2, ended: 3 };

export function sortTuple(session: SessionRecord, sort: SortOrder, now: Date): number[] {
  const start = Date.parse(session.startsAt);
  switch (sort) {
    case 'latestFirst':
      return [-start];
    case 'oldestFirst':
      return [start];
    case 'priceHighToLow':
      return [-session.price, start];
    case 'priceLowToHigh':
      return [session.price, start];
    default: {
      // 'none': what is on now, then what can be booked, then what opens later, then the past.
      const rank = STATUS_RANK[sessionStatusAt(session, now)];
      return [rank, rank === 3 ? -start : start];
    }
  }
}

function compare(a: { tuple: number[]; id: string }, b: { tuple: number[]; id: string }): number {
  for (let i = 0; i < Math.max(a.tuple.length, b.tuple.length); i++) {
    const d = (a.tuple[i] ?? 0) - (b.tuple[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

interface Cursor {
  t: number[];
  id: string;
  s: SortOrder;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(raw: string | null, sort: SortOrder): Cursor | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (!Array.isArray(value.t) || typeof value.id !== 'string' || value.s !== sort) return null;
    if (!value.t.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
    return value;
  } catch {
    return null;
  }
}

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
  if (query.status !== 'all' && sessionStatusAt(session, now) !== query.status) return false;
  if (query.regions.length > 0 && !query.regions.includes(session.region)) return false;
  if (query.categories.length > 0 && !query.categories.some((c) => session.categories.includes(c))) return false;
  if (query.teamId && session.teamId !== query.teamId) return false;
  if (query.teamName && !session.teamName.toLowerCase().includes(query.teamName.toLowerCase())) return false;
  return true;
}

/** Orders the window, resumes after the cursor (stable even if sessions were added since). */
export function page(
  sessions: SessionRecord[],
  query: SessionListQuery,
  now: Date,
): { items: SessionRecord[]; nextCursor: string | null } {
  const keyed = sessions
    .map((session) => ({ session, tuple: sortTuple(session, query.sort, now), id: session.id }))
    .sort(compare);
  const cursor = decodeCursor(query.cursor, query.sort);
  const start = cursor ? keyed.findIndex((k) => compare(k, { tuple: cursor.t, id: cursor.id }) > 0) : 0;
  const from = start < 0 ? keyed.length : start;
  const slice = keyed.slice(from, from + query.limit);
  const last = slice.at(-1);
  const hasMore = from + query.limit < keyed.length;
  return {
    items: slice.map((k) => k.session),
    nextCursor: hasMore && last ? encodeCursor({ t: last.tuple, id: last.id, s: query.sort }) : null,
  };
}
