import { taipeiDate } from '@shuttle/shared';

/** The instant of a Taipei wall-clock time (Taiwan keeps UTC+8 all year). */
export function taipeiInstant(date: string, time: string): string {
  return new Date(`${date}T${time}:00+08:00`).toISOString();
}

/** An instant as the Taipei date (YYYY-MM-DD) and time (HH:MM) that date and time inputs hold. */
export function taipeiClock(instant: string): { date: string; time: string } {
  const shifted = new Date(Date.parse(instant) + 8 * 3_600_000).toISOString();
  return { date: taipeiDate(instant), time: shifted.slice(11, 16) };
}
