import { STATISTICS_WINDOW_DAYS } from '../constants.ts';
import type { Attendance, HistoryStatistics, Statistics } from '../schemas/entities.ts';
import { addDays, taipeiDate } from '../time.ts';

/** One accepted booking of a session that has ended: the input of every figure below. */
export interface AttendanceRecord {
  teamId: string;
  teamName: string;
  startsAt: string;
  price: number;
  partySize: number;
  attendance: Attendance | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A player's totals (docs/DECISIONS.md). A session
 * counts once it has ended with an accepted booking. The rate is attended over sessions whose
 * attendance was marked, so an admin who skips check-in does not make players look absent.
 * Money is spent on attended sessions only, for the whole party.
 */
export function summarize(records: readonly AttendanceRecord[]): Statistics {
  const attended = records.filter((r) => r.attendance === 'attended');
  const absent = records.filter((r) => r.attendance === 'absent').length;
  const marked = attended.length + absent;
  const totalSpent = attended.reduce((sum, r) => sum + r.price * r.partySize, 0);
  return {
    totalSessions: records.length,
    attended: attended.length,
    absent,
    attendanceRate: marked === 0 ? 0 : round1((attended.length / marked) * 100),
    totalSpent,
    averagePerSession: attended.length === 0 ? 0 : round1(totalSpent / attended.length),
  };
}

export function computeHistoryStatistics(records: readonly AttendanceRecord[], now: Date): HistoryStatistics {
  const byTeam = new Map<string, AttendanceRecord[]>();
  for (const record of records) {
    const list = byTeam.get(record.teamId) ?? [];
    list.push(record);
    byTeam.set(record.teamId, list);
  }
  const teams = [...byTeam.entries()]
    .map(([teamId, list]) => {
      const s = summarize(list);
      return {
        teamId,
        teamName: list[0]?.teamName ?? '',
        sessions: s.totalSessions,
        attended: s.attended,
        attendanceRate: s.attendanceRate,
      };
    })
    .sort((a, b) => b.sessions - a.sessions || a.teamName.localeCompare(b.teamName));

  const today = taipeiDate(now);
  const firstDay = addDays(today, -(STATISTICS_WINDOW_DAYS - 1));
  const recent = records.filter((r) => {
    const day = taipeiDate(r.startsAt);
    return day >= firstDay && day <= today;
  });
  const days = Array.from({ length: STATISTICS_WINDOW_DAYS }, (_, i) => {
    const date = addDays(firstDay, i);
    const ofDay = recent.filter((r) => taipeiDate(r.startsAt) === date);
    const attendedOfDay = ofDay.filter((r) => r.attendance === 'attended');
    return {
      date,
      sessions: ofDay.length,
      attended: attendedOfDay.length,
      spent: attendedOfDay.reduce((sum, r) => sum + r.price * r.partySize, 0),
    };
  });

  return { ...summarize(records), teams, last30Days: { ...summarize(recent), days } };
}
