import { taipeiDate, taipeiDayStart } from '../time.ts';
import type { SessionTimes } from './session-status.ts';

/** How a create request repeats its first session: weekly for `weeks` weeks, or on each listed date (YYYY-MM-DD). */
export type Recurrence = { weeks: number } | { dates: readonly string[] };

const DAY_MS = 86_400_000;

/**
 * The times of every session a create request publishes, in order: without `repeat` the first
 * session alone; weekly, `weeks` sessions a week apart starting with the first; on listed
 * dates, one session per date (sorted), each at the first session's Taipei time of day. Taiwan
 * has no daylight saving, so shifting by whole days keeps the clock time. Every session lasts
 * as long as the first, and its sign-up opens as long before its start.
 */
export function expandRecurrence(first: SessionTimes, repeat?: Recurrence): SessionTimes[] {
  let offsets = [0];
  if (repeat && 'weeks' in repeat) {
    offsets = Array.from({ length: repeat.weeks }, (_, week) => week * 7 * DAY_MS);
  } else if (repeat) {
    const firstDay = Date.parse(taipeiDayStart(taipeiDate(first.startsAt)));
    offsets = [...repeat.dates].sort().map((date) => Date.parse(taipeiDayStart(date)) - firstDay);
  }
  const shift = (instant: string, offset: number) => new Date(Date.parse(instant) + offset).toISOString();
  return offsets.map((offset) => ({
    startsAt: shift(first.startsAt, offset),
    endsAt: shift(first.endsAt, offset),
    signupOpensAt: shift(first.signupOpensAt, offset),
  }));
}
