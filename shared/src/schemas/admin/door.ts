import * as z from 'zod';
import { attendance, id, isoInstant } from '../entities.ts';
import { nonNegativeInt, sessionScope } from './common.ts';
import { adminSession } from './sessions.ts';

// At the door (docs/ON-COURT.md, "At the door"): waitlisted players moved up from the check-in list, self check-in.

/**
 * A waiting player moved up out of order by an admin at the door: into a free place their party
 * fits, else the capacity grows by their party; with `checkIn`, marked attended at once.
 */
export const promoteRequest = sessionScope.extend({ userId: id, checkIn: z.boolean().default(false) });
export const promoteResult = z.object({
  sessionId: id,
  userId: id,
  status: z.literal('accepted'),
  attendance: attendance.nullable(),
  /** Places the capacity grew by (0: a free place was used). */
  capacityRaised: nonNegativeInt,
  session: adminSession,
});

/**
 * The session's self check-in code (the QR shown at the venue holds it in a link into the member
 * app); valid from `opensAt` (1 h before the start) to `closesAt` (the end). A secret of the
 * team's admins: no player call ever answers it.
 */
export const selfCheckInCode = z.object({
  sessionId: id,
  code: z.string(),
  opensAt: isoInstant,
  closesAt: isoInstant,
});
export type SelfCheckInCode = z.infer<typeof selfCheckInCode>;
