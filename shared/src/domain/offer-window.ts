import { TAIPEI_UTC_OFFSET_MINUTES } from '../constants.ts';

/**
 * Kinder waitlist offers (docs/FAIR-SIGNUP.md, "Quiet hours and shorter holds"): how long a freed
 * place is held for the waitlist head, and when that hold ends. Pure, in Taipei time (UTC+8, no
 * daylight saving), shared by the booking engine and the apps that show the rule.
 */

/** A team's quiet hours, Taipei `HH:MM`; `start > end` spans midnight. Null: off. */
export interface QuietHours {
  start: string;
  end: string;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { start: '23:00', end: '08:00' };

/** The hold shrinks as the start nears: at most `minutes` when the start is within `hours`. */
export const OFFER_HOLD_CAPS = [
  { hours: 3, minutes: 15 },
  { hours: 24, minutes: 60 },
] as const;

const MINUTE = 60_000;
const DAY = 1440;
const OFFSET_MS = TAIPEI_UTC_OFFSET_MINUTES * MINUTE;

/** Minutes of `HH:MM` after midnight. */
export const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A stored setting: unset is the default (23:00-08:00), null is off. */
export const quietHoursOf = (value: QuietHours | null | undefined): QuietHours | null =>
  value === undefined ? DEFAULT_QUIET_HOURS : value;

/** The team's window, at most 60 minutes within 24 h of the start and 15 within 3 h. */
export function offerHoldMinutes(teamMinutes: number, now: number, startsAt: number): number {
  const hoursLeft = (startsAt - now) / 3_600_000;
  let minutes = teamMinutes;
  for (const cap of OFFER_HOLD_CAPS) if (hoursLeft <= cap.hours) minutes = Math.min(minutes, cap.minutes);
  return minutes;
}

/** The instant (ms) of the Taipei midnight that begins the day of `at`. */
const taipeiMidnight = (at: number) => Math.floor((at + OFFSET_MS) / (DAY * MINUTE)) * DAY * MINUTE - OFFSET_MS;

/** The quiet period (`[from, to)`, ms) holding `at`, or null when `at` is outside quiet hours. */
export function quietPeriodAt(at: number, quiet: QuietHours | null): { from: number; to: number } | null {
  if (!quiet) return null;
  const start = minuteOfDay(quiet.start);
  const end = minuteOfDay(quiet.end);
  if (start === end) return null;
  const midnight = taipeiMidnight(at);
  const span = (end - start + DAY) % DAY;
  // The period that began today at `start`, or yesterday's (spanning midnight).
  for (const dayStart of [midnight + start * MINUTE, midnight + (start - DAY) * MINUTE]) {
    if (at >= dayStart && at < dayStart + span * MINUTE) return { from: dayStart, to: dayStart + span * MINUTE };
  }
  return null;
}

/** When the hold clock of an offer made at `at` starts: `at`, or the end of the quiet hours it falls in. */
export const wakingFrom = (at: number, quiet: QuietHours | null): number => quietPeriodAt(at, quiet)?.to ?? at;

/** The next instant after `at` (exclusive) at which quiet hours begin. */
function nextQuietStart(at: number, quiet: QuietHours): number {
  const today = taipeiMidnight(at) + minuteOfDay(quiet.start) * MINUTE;
  return today > at ? today : today + DAY * MINUTE;
}

/**
 * `minutes` of waking time from `from`: the clock runs outside quiet hours only, so a hold that
 * reaches them resumes when they end (a hold started inside them starts at their end).
 */
export function addWakingMinutes(from: number, minutes: number, quiet: QuietHours | null): number {
  if (!quiet || minuteOfDay(quiet.start) === minuteOfDay(quiet.end)) return from + minutes * MINUTE;
  let at = from;
  let left = minutes * MINUTE;
  for (;;) {
    const period = quietPeriodAt(at, quiet);
    if (period) at = period.to;
    const awake = nextQuietStart(at, quiet) - at;
    if (left <= awake) return at + left;
    left -= awake;
    at += awake;
  }
}

/**
 * When an offer made at `now` ends (ISO), or null when none can run: offers off, or no waking time
 * left before the cutoff (`cutoffMinutes` before the start), so the place is given at once (or, in
 * the final window, opened as a last call). The hold is `offerHoldMinutes` of waking time; one cut
 * short by the cutoff ends at the cutoff, or, if that falls in quiet hours, when they begin.
 */
export function offerExpiry(input: {
  now: Date;
  startsAt: string;
  teamMinutes: number;
  quietHours: QuietHours | null;
  cutoffMinutes: number;
}): string | null {
  const now = input.now.getTime();
  const start = Date.parse(input.startsAt);
  const minutes = offerHoldMinutes(input.teamMinutes, now, start);
  if (minutes <= 0) return null;
  const quiet = input.quietHours;
  const cutoff = start - input.cutoffMinutes * MINUTE;
  let until = addWakingMinutes(now, minutes, quiet);
  if (until > cutoff) until = quietPeriodAt(cutoff, quiet)?.from ?? cutoff;
  return until > wakingFrom(now, quiet) ? new Date(until).toISOString() : null;
}
