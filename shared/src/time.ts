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
