import type { BookingRecord } from '#sessions/model.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A member's attendance in one team: sessions they held a place in that have started,
 * attended and absent as marked at check-in, and the rate over marked sessions (so a team
 * that skips check-in does not make its players look absent).
 */
export function memberStats(bookings: readonly BookingRecord[], teamId: string, now: Date) {
  const held = bookings.filter(
    (b) => b.teamId === teamId && b.status === 'accepted' && Date.parse(b.startsAt) <= now.getTime(),
  );
  const attended = held.filter((b) => b.attendance === 'attended').length;
  const absent = held.filter((b) => b.attendance === 'absent').length;
  const last =
    held
      .map((b) => b.startsAt)
      .sort()
      .at(-1) ?? null;
  return {
    sessions: held.length,
    attended,
    absent,
    attendanceRate: attended + absent === 0 ? 0 : round1((attended / (attended + absent)) * 100),
    lastSessionAt: last,
  };
}

/** Case-insensitive match on the name, or an exact user id. */
export function matchesSearch(member: { name: string; userId: string }, search: string): boolean {
  if (!search) return true;
  const needle = search.toLowerCase();
  return member.name.toLowerCase().includes(needle) || member.userId === search;
}
