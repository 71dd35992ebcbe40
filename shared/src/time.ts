import { TAIPEI_UTC_OFFSET_MINUTES } from './constants.ts';

const OFFSET_MS = TAIPEI_UTC_OFFSET_MINUTES * 60_000;

/** The Taipei calendar date (YYYY-MM-DD) of an instant. */
export function taipeiDate(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** The Taipei month (YYYY-MM) of an instant. */
export function taipeiMonth(instant: string | Date): string {
  return taipeiDate(instant).slice(0, 7);
}

/** The instant at which a Taipei calendar day starts, as an ISO string in UTC. */
export function taipeiDayStart(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - OFFSET_MS).toISOString();
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of an instant's Taipei date. */
export function taipeiWeekday(instant: string | Date): number {
  const day = new Date(`${taipeiDate(instant)}T00:00:00.000Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Every month (YYYY-MM) touched by the closed date range [from, to]. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * An ISO 8601 date-time with a UTC offset, extended or basic offset form: seconds and any
 * fraction optional, `Z`, `±HH:mm`, `±HHmm` or `±HH` (docs/ARCHITECTURE.md, "Choices": one
 * instant format).
 */
export const ISO_INSTANT_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|([+-])(\d{2})(?::?(\d{2}))?)$/;

/** The one stored form of an instant: UTC with milliseconds, as `Date#toISOString()` writes it. */
export const UTC_INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * `text` (an ISO 8601 date-time with an offset) as UTC `YYYY-MM-DDTHH:mm:ss.sssZ`; null when it is
 * not one or names no real time (30 February, 24:00, an offset past ±23:59, beyond year 9999).
 * Digits past milliseconds are cut, not rounded, so the instant never moves into the next second.
 */
export function toUtcInstant(text: string): string | null {
  const m = ISO_INSTANT_PATTERN.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offsetHours = Number(m[10] ?? 0);
  const offsetMinutes = Number(m[11] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, ms);
  const sign = m[9] === '-' ? -1 : 1;
  const utc = local.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  const iso = new Date(utc).toISOString();
  return UTC_INSTANT_PATTERN.test(iso) ? iso : null;
}
