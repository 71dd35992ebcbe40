import * as z from 'zod';
import { ADMIN_LIMITS } from '../../constants.ts';
import { id, isoInstant } from '../entities.ts';
import { month, nonNegativeInt, teamScope } from './common.ts';
import { adminSession } from './sessions.ts';

// The board (today, upcoming, recent activity, this month) and the revenue reports.

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));

export const revenueLine = z.object({
  sessions: nonNegativeInt,
  /** Seats of accepted bookings, parties counted by size. */
  accepted: nonNegativeInt,
  attended: nonNegativeInt,
  absent: nonNegativeInt,
  /** Attended players x price, NT dollars: what the night would bring at its price. */
  revenue: nonNegativeInt,
  /**
   * Money taken for these sessions less refunds due or made (docs/ON-COURT.md, "Settlement"): a
   * session's income is its `settlement/get` income, NT dollars.
   */
  income: nonNegativeInt,
});
export const boardActivity = z.object({
  /** `entered`: a lottery entry (docs/FAIR-SIGNUP.md), not a waitlist join. */
  kind: z.enum(['booked', 'waitlisted', 'entered', 'promoted', 'cancelled']),
  at: isoInstant,
  userId: id,
  name: z.string(),
  sessionId: id,
  sessionTitle: z.string(),
  startsAt: isoInstant,
});
export const board = z.object({
  today: z.array(adminSession),
  upcoming: z.array(adminSession),
  recent: z.array(boardActivity),
  month: revenueLine.extend({ month }),
});
export const revenueByMonthRequest = teamScope
  .extend({ from: month, to: month })
  .refine((v) => v.from <= v.to, { message: 'from must not be after to', path: ['to'] })
  .refine((v) => monthIndex(v.to) - monthIndex(v.from) < ADMIN_LIMITS.reportMonthsMax, {
    message: 'at most 12 months',
    path: ['to'],
  });
export const revenueByMonth = z.object({
  months: z.array(revenueLine.extend({ month })),
  total: revenueLine,
});
export const revenueBySessionRequest = teamScope.extend({ month });
export const revenueBySession = z.object({
  month,
  sessions: z.array(
    revenueLine.omit({ sessions: true }).extend({
      sessionId: id,
      title: z.string(),
      startsAt: isoInstant,
      price: nonNegativeInt,
    }),
  ),
  total: revenueLine,
});
