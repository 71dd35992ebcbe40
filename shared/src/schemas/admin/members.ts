import * as z from 'zod';
import { TEXT_LIMITS } from '../../constants.ts';
import { id, isoInstant } from '../entities.ts';
import { ratingBand } from '../rating-band.ts';
import { nonNegativeInt, teamScope, text } from './common.ts';

// The players of a team: list with statistics, membership level, blocking.

export const MEMBERSHIPS = ['member', 'regular', 'vip'] as const;
export const membership = z.enum(MEMBERSHIPS);

export const memberStats = z.object({
  sessions: nonNegativeInt,
  attended: nonNegativeInt,
  absent: nonNegativeInt,
  /** Attended over marked sessions, percent with one decimal. */
  attendanceRate: z.number().min(0).max(100),
  lastSessionAt: isoInstant.nullable(),
});
export const teamMemberView = z.object({
  userId: id,
  name: z.string(),
  pictureUrl: z.string(),
  membership,
  blocked: z.boolean(),
  /** The player blocked the LINE official account: notices go by email or only in the app (docs/LINE.md). */
  lineBlocked: z.boolean(),
  joinedAt: isoInstant,
  stats: memberStats,
  /**
   * The player's rating band (docs/ON-COURT.md, "Admins see the band"): only when they played a
   * rated game on one of this team's boards and have not turned ratings off; else null.
   */
  rating: ratingBand.nullable(),
});
export type TeamMemberView = z.infer<typeof teamMemberView>;

export const getMembersRequest = teamScope.extend({
  search: text(TEXT_LIMITS.nameSearch).default(''),
  blocked: z.boolean().optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const membersPage = z.object({
  items: z.array(teamMemberView),
  total: nonNegativeInt,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export const switchBlockRequest = teamScope.extend({ userId: id, blocked: z.boolean() });
export const switchBlockResult = z.object({
  userId: id,
  blocked: z.boolean(),
  cancelledBookings: nonNegativeInt,
});
export const updateMembershipRequest = teamScope.extend({ userId: id, membership });
export const updateMembershipResult = z.object({ userId: id, membership, blocked: z.boolean() });

/** A player's request to join a team that approves new members (docs/DECISIONS.md). */
export const joinRequestView = z.object({
  userId: id,
  name: z.string(),
  pictureUrl: z.string(),
  requestedAt: isoInstant,
});
export type JoinRequestView = z.infer<typeof joinRequestView>;
export const joinRequestList = z.object({ items: z.array(joinRequestView) });
export const decideJoinRequest = teamScope.extend({ userId: id });
export const decideJoinResult = z.object({ userId: id, membership: z.enum(['member', 'none']) });
