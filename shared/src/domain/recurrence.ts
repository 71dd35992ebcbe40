import { taipeiDate, taipeiDayStart, taipeiWeekday } from '../time.ts';
import type { SessionTimes } from './session-status.ts';

/**
 * How a create request repeats its first session: weekly for `weeks` weeks (on the first
 * session's weekday, or on each of `weekdays`, ISO 1 = Monday … 7 = Sunday), or on each listed
 * date (YYYY-MM-DD).
 */
export type Recurrence = { weeks: number; weekdays?: readonly number[] } | { dates: readonly string[] };

const DAY_MS = 86_400_000;

/** Days after the first session's day, in order: `weeks` weeks of the listed weekdays, from the first session's day on. */
function weekdayOffsets(first: SessionTimes, weeks: number, weekdays: readonly number[]): number[] {
  const firstWeekday = taipeiWeekday(first.startsAt);
  const inWeek = [...new Set(weekdays)].map((d) => (d - firstWeekday + 7) % 7).sort((a, b) => a - b);
  return Array.from({ length: weeks }, (_, week) => inWeek.map((day) => week * 7 + day)).flat();
}

/**
 * The times of every session a create request publishes, in order: without `repeat` the first
 * session alone; weekly, `weeks` weeks starting with the first session's week (the 7 days from
 * its day): one session a week on its weekday, or with `weekdays` one on each of them (Tue+Thu
 * for 4 weeks: 8 sessions, the first on the first session's day, which is one of them); on
 * listed dates, one session per date (sorted). Each at the first session's Taipei time of day:
 * Taiwan has no daylight saving, so shifting by whole days keeps the clock time. Every session
 * lasts as long as the first, and its sign-up opens as long before its start.
 */
export function expandRecurrence(first: SessionTimes, repeat?: Recurrence): SessionTimes[] {
  let offsets = [0];
  if (repeat && 'weeks' in repeat) {
    const days = repeat.weekdays
      ? weekdayOffsets(first, repeat.weeks, repeat.weekdays)
      : Array.from({ length: repeat.weeks }, (_, week) => week * 7);
    offsets = days.map((day) => day * DAY_MS);
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
