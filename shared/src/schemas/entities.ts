import { z } from 'zod';
import { CATEGORIES, LANGUAGES, MAX_PARTY_SIZE, REGIONS } from '../constants.ts';

/** Any number of fractional digits is valid ISO; 40 characters hold nanoseconds and an offset. */
export const isoInstant = z.iso.datetime({ offset: true }).max(40);
export const isoDate = z.iso.date().max(10);
export const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Invalid id');

export const region = z.enum(REGIONS);
export const category = z.enum(CATEGORIES);
export const language = z.enum(LANGUAGES);

export const sessionStatus = z.enum(['notYetOpen', 'open', 'inProgress', 'ended']);
export type SessionStatus = z.infer<typeof sessionStatus>;

export const bookingStatus = z.enum(['accepted', 'waiting']);
export type BookingStatus = z.infer<typeof bookingStatus>;

export const attendance = z.enum(['attended', 'absent']);
export type Attendance = z.infer<typeof attendance>;

export const partySize = z.number().int().min(1).max(MAX_PARTY_SIZE);

/** The caller's own booking in a session, added by the logged-in list and detail calls. */
export const myBooking = z.object({
  status: bookingStatus,
  /** 1-based place on the waitlist; null when accepted. */
  position: z.number().int().positive().nullable(),
  partySize,
  canCancel: z.boolean(),
  attendance: attendance.nullable(),
  bookedAt: isoInstant,
});
export type MyBooking = z.infer<typeof myBooking>;

export const sessionSummary = z.object({
  id,
  teamId: id,
  teamName: z.string(),
  title: z.string(),
  venue: z.string(),
  address: z.string(),
  region,
  categories: z.array(category),
  courts: z.number().int().nonnegative(),
  capacity: z.number().int().nonnegative(),
  price: z.number().int().nonnegative(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  signupOpensAt: isoInstant,
  isPublic: z.boolean(),
  bookingClosed: z.boolean(),
  acceptedCount: z.number().int().nonnegative(),
  waitingCount: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  status: sessionStatus,
  startingSoon: z.boolean(),
  myBooking: myBooking.nullable().optional(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

/** How a team takes new members: at once, or on an admin's approval (README, Decisions). */
export const JOIN_RULES = ['open', 'approval'] as const;
export const joinRule = z.enum(JOIN_RULES);
export type JoinRule = z.infer<typeof joinRule>;
/** The caller's place in a team: `pending` is a join request awaiting approval, never a member. */
export const teamMembershipState = z.enum(['none', 'pending', 'member', 'blocked']);
export type TeamMembershipState = z.infer<typeof teamMembershipState>;

export const sessionDetail = sessionSummary.extend({
  notes: z.string(),
  lineLink: z.string(),
  privateRules: z.string(),
  cancelWindowMinutes: z.number().int().nonnegative(),
  /** The caller's membership of the session's team; signed-in callers only. */
  team: z.object({ membership: teamMembershipState, joinRule }).optional(),
});
export type SessionDetail = z.infer<typeof sessionDetail>;

export const participant = z.object({
  name: z.string(),
  pictureUrl: z.string(),
  partySize,
  /** 1-based waitlist place for waiting participants, null for accepted ones. */
  position: z.number().int().positive().nullable(),
  attendance: attendance.nullable(),
  isMe: z.boolean(),
});
export type Participant = z.infer<typeof participant>;

export const memberList = z.object({
  accepted: z.array(participant),
  waiting: z.array(participant),
  acceptedCount: z.number().int().nonnegative(),
  waitingCount: z.number().int().nonnegative(),
});
export type MemberList = z.infer<typeof memberList>;

/** A team in the member app's team filter: its name and id, and whether the player belongs to it. */
export const teamNameItem = z.object({
  team_id: id,
  team_name: z.string(),
  default_region: z.string().default(''),
  amount_of_member: z.number().int().nonnegative(),
  is_in: z.boolean(),
});
export type TeamNameItem = z.infer<typeof teamNameItem>;

export const notificationPreferences = z.object({
  news: z.boolean(),
  waitlist: z.boolean(),
  bookingReminder: z.boolean(),
  sessionChange: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** What the member login check answers: the player's profile, with the fields the settings menu needs. */
export const memberProfile = z.object({
  userId: z.literal(''),
  displayName: z.string(),
  pictureUrl: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  language: language.nullable(),
  isAdmin: z.boolean(),
  isTeamLeader: z.boolean(),
  provider: z.enum(['line', 'google']),
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const teamStatistics = z.object({
  teamId: id,
  teamName: z.string(),
  sessions: z.number().int().nonnegative(),
  attended: z.number().int().nonnegative(),
  attendanceRate: z.number().min(0).max(100),
});

export const statistics = z.object({
  totalSessions: z.number().int().nonnegative(),
  attended: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  /** Percentage 0-100 of marked sessions attended, one decimal. */
  attendanceRate: z.number().min(0).max(100),
  totalSpent: z.number().int().nonnegative(),
  averagePerSession: z.number().nonnegative(),
});
export type Statistics = z.infer<typeof statistics>;

export const historyStatistics = statistics.extend({
  teams: z.array(teamStatistics),
  last30Days: statistics.extend({
    days: z.array(
      z.object({ date: isoDate, sessions: z.number().int(), attended: z.number().int(), spent: z.number().int() }),
    ),
  }),
});
export type HistoryStatistics = z.infer<typeof historyStatistics>;

export const historyItem = sessionSummary.extend({
  attendance: attendance.nullable(),
  partySize,
});
export type HistoryItem = z.infer<typeof historyItem>;
