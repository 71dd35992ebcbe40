import { z } from 'zod';
import { LANGUAGES, PAGE_SIZE_MAX } from '../constants.ts';
import { attendance, category, id, isoDate, isoInstant, language, region, sessionSummary } from './entities.ts';

/** Request and response bodies of every admin call (SPEC §7 Admin). Paths are relative to `/api/admin/`. */

export const ADMIN_LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  maxCourts: 12,
  maxCapacity: 60,
  maxPrice: 10_000,
  maxWeeks: 26,
  maxDates: 52,
  maxSessionHours: 12,
  /** Failed logins in a row before an account is locked, and for how long. */
  maxFailedLogins: 5,
  lockMinutes: 15,
  resetCodeMinutes: 30,
  inviteDays: 7,
  reportMonthsMax: 12,
} as const;

export const ADMIN_ROLES = ['owner', 'admin'] as const;
export const adminRole = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof adminRole>;

export const MEMBERSHIPS = ['member', 'regular', 'vip'] as const;
export const membership = z.enum(MEMBERSHIPS);

const email = z
  .string()
  .trim()
  .min(1, 'Please enter email address')
  .max(254)
  .pipe(z.email('Please enter a valid email address'))
  .transform((v) => v.toLowerCase());
const password = z.string().min(ADMIN_LIMITS.passwordMin).max(ADMIN_LIMITS.passwordMax);
const text = (max: number) => z.string().trim().max(max);
const lineLink = z.union([z.literal(''), z.url({ protocol: /^https$/ }).max(300)]);
/** A LINE group id as the Messaging API reports it (`C` + 32 hex), or empty when unset. */
const lineGroupId = z.union([z.literal(''), z.string().regex(/^C[0-9a-f]{32}$/, 'Invalid LINE group id')]);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected YYYY-MM');
const nonNegativeInt = z.number().int().nonnegative();
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));

/** Calls that act on one team take its id; when absent the admin's current team is used. */
export const teamScope = z.strictObject({ teamId: id.optional() });
export const sessionScope = z.strictObject({ sessionId: id });

// Accounts

export const adminProfile = z.object({
  adminId: id,
  displayName: z.string(),
  pictureUrl: z.string(),
  email: z.string().nullable(),
  /** SPEC §4: must be true for the admin login check to count. */
  isAdmin: z.boolean(),
  currentTeamId: id.nullable(),
  /** The account was opened from the member app ('become team leader'). */
  linkedMember: z.boolean(),
  language: language.nullable(),
});
export type AdminProfile = z.infer<typeof adminProfile>;

export const adminLoginResult = z.object({ token: z.string(), expiresAt: isoInstant, admin: adminProfile });
export type AdminLoginResult = z.infer<typeof adminLoginResult>;

export const adminSignupRequest = z.strictObject({
  email,
  password,
  displayName: text(50).min(1),
  language: language.optional(),
});
export const adminLoginRequest = z.strictObject({ email, password: z.string().min(1).max(ADMIN_LIMITS.passwordMax) });

export const requestResetRequest = z.strictObject({ email, language: z.enum(LANGUAGES).optional() });
export const requestResetResult = z.object({ sent: z.literal(true) });
export const resetPasswordRequest = z.strictObject({
  email,
  /** The 6-digit code from the email, or the token of its link. */
  code: z.string().regex(/^(\d{6}|[A-Za-z0-9_-]{43})$/, 'Please enter the complete verification code'),
  newPassword: password,
});
export const resetPasswordResult = z.object({ reset: z.literal(true) });

export const becomeLeaderRequest = z.strictObject({});
export const becomeLeaderResult = adminLoginResult;

// Teams and settings

export const adminTeamItem = z.object({
  team_id: id,
  team_name: z.string(),
  default_region: z.string(),
  amount_of_member: nonNegativeInt,
  role: adminRole,
  is_current: z.boolean(),
});
export type AdminTeamItem = z.infer<typeof adminTeamItem>;

export const createTeamRequest = z.strictObject({
  team_name: text(50).min(1),
  default_region: z.union([region, z.literal('')]).default(''),
  default_place_name: text(100).default(''),
  default_location: text(200).default(''),
  default_price: z.number().int().min(0).max(ADMIN_LIMITS.maxPrice).default(0),
  default_line: lineLink.default(''),
});
export const createTeamResult = z.object({ team: adminTeamItem, currentTeamId: id });

export const updateCurrentTeamRequest = z.strictObject({ teamId: id });

export const teamNameEntry = z.object({ team_id: id, team_name: z.string(), default_region: z.string() });

/** SPEC §3 admin default data, with the team's other settings pages. */
export const defaultData = z.object({
  team_id: id,
  team_name: z.string(),
  default_place_name: z.string(),
  default_price: nonNegativeInt,
  default_location: z.string(),
  /** Empty until set: the admin app then warns 尚未設定預設地點. */
  default_region: z.string(),
  /** LINE community (OpenChat) link shown to players. */
  default_line: z.string(),
  line_group_id: z.string(),
  private_rules: z.string(),
  cancel_window_minutes: nonNegativeInt,
});
export type DefaultData = z.infer<typeof defaultData>;

export const updateDefaultRequest = teamScope
  .extend({
    team_name: text(50).min(1).optional(),
    default_place_name: text(100).optional(),
    default_price: z.number().int().min(0).max(ADMIN_LIMITS.maxPrice).optional(),
    default_location: text(200).optional(),
    default_region: z.union([region, z.literal('')]).optional(),
    default_line: lineLink.optional(),
    cancel_window_minutes: z.number().int().min(0).max(2880).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'teamId'), { message: 'Nothing to update' });

export const updatePrivateRulesRequest = teamScope.extend({ private_rules: text(2000) });
export const updateLineRequest = teamScope.extend({ default_line: lineLink, line_group_id: lineGroupId });

export const venue = z.object({
  venue_id: id,
  name: z.string(),
  address: z.string(),
  region: z.string(),
  courts: z.array(z.string()),
});
export const venueList = z.array(venue);
export const saveVenueRequest = teamScope.extend({
  venue_id: id.optional(),
  name: text(100).min(1),
  address: text(200).default(''),
  region,
  courts: z.array(text(30).min(1)).max(ADMIN_LIMITS.maxCourts).default([]),
});
export const deleteVenueRequest = teamScope.extend({ venue_id: id });

export const teamAdminItem = z.object({
  adminId: id,
  displayName: z.string(),
  email: z.string().nullable(),
  role: adminRole,
  isMe: z.boolean(),
});
export const teamInviteItem = z.object({ email: z.string(), role: adminRole, expiresAt: isoInstant });
export const teamAdmins = z.object({ admins: z.array(teamAdminItem), invites: z.array(teamInviteItem) });
export const inviteAdminRequest = teamScope.extend({ email, role: adminRole.default('admin') });
export const inviteAdminResult = teamInviteItem;
export const removeAdminRequest = teamScope.extend({ adminId: id });
export const acceptInviteRequest = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid token') });

// Sessions

export const adminSession = sessionSummary.extend({
  notes: z.string(),
  lineLink: z.string(),
  cancelWindowMinutes: nonNegativeInt,
  /** Accepted seats over capacity, percent 0-100. */
  fillRate: z.number().min(0).max(100),
});
export type AdminSession = z.infer<typeof adminSession>;

export const sessionDefaults = z.object({
  teamId: id,
  teamName: z.string(),
  title: z.string(),
  venue: z.string(),
  address: z.string(),
  region: z.string(),
  price: nonNegativeInt,
  lineLink: z.string(),
  courts: nonNegativeInt,
  capacity: nonNegativeInt,
  categories: z.array(category),
  isPublic: z.boolean(),
  cancelWindowMinutes: nonNegativeInt,
  venues: venueList,
});

const sessionTimes = {
  startsAt: isoInstant,
  endsAt: isoInstant,
  signupOpensAt: isoInstant,
};

const sessionFields = {
  teamId: id.optional(),
  title: text(60).optional(),
  venue: text(100).min(1),
  address: text(200).default(''),
  region,
  courts: z.number().int().min(1).max(ADMIN_LIMITS.maxCourts),
  capacity: z.number().int().min(1).max(ADMIN_LIMITS.maxCapacity),
  price: z.number().int().min(0).max(ADMIN_LIMITS.maxPrice),
  categories: z
    .array(category)
    .min(1)
    .max(5)
    .refine((c) => new Set(c).size === c.length, 'Categories repeat'),
  notes: text(1000).default(''),
  lineLink: lineLink.default(''),
  isPublic: z.boolean().default(true),
  ...sessionTimes,
};

type Times = { startsAt?: string; endsAt?: string; signupOpensAt?: string };
/** End after start, at most 12 hours long, sign-up opening no later than the start. */
function checkTimes(v: Times, ctx: z.RefinementCtx) {
  if (v.startsAt && v.endsAt) {
    const length = Date.parse(v.endsAt) - Date.parse(v.startsAt);
    if (length <= 0) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    if (length > ADMIN_LIMITS.maxSessionHours * 3_600_000) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'sessions last at most 12 hours' });
    }
  }
  if (v.startsAt && v.signupOpensAt && Date.parse(v.signupOpensAt) > Date.parse(v.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['signupOpensAt'], message: 'must not be after startsAt' });
  }
}

/** publishState 0: one session. */
export const createSingleSession = z
  .strictObject({ publishState: z.literal(0), ...sessionFields })
  .superRefine(checkTimes);
/**
 * publishState 1: many sessions at once, at the time of day of `startsAt` (Taipei): weekly for
 * `weeks` weeks starting with `startsAt`, or on each of `dates`. Sign-up opens the same time
 * before each start as `signupOpensAt` is before `startsAt`.
 */
export const createManySessions = z
  .strictObject({
    publishState: z.literal(1),
    ...sessionFields,
    repeat: z.union([
      z.strictObject({ weeks: z.number().int().min(1).max(ADMIN_LIMITS.maxWeeks) }),
      z.strictObject({
        dates: z
          .array(isoDate)
          .min(1)
          .max(ADMIN_LIMITS.maxDates)
          .refine((d) => new Set(d).size === d.length, 'Dates repeat'),
      }),
    ]),
  })
  .superRefine(checkTimes);
export const createSessionRequest = z.discriminatedUnion('publishState', [createSingleSession, createManySessions]);
export type CreateSessionRequest = z.infer<typeof createSessionRequest>;
export const createSessionResult = z.object({
  publishState: z.union([z.literal(0), z.literal(1)]),
  sessions: z.array(adminSession),
});

export const upcomingSessionsRequest = teamScope.extend({
  scope: z.enum(['upcoming', 'past']).default('upcoming'),
  cursor: z.string().max(200).nullable().default(null),
  limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_MAX),
});
export const adminSessionPage = z.object({ items: z.array(adminSession), nextCursor: z.string().nullable() });

export const adminParticipant = z.object({
  userId: id,
  name: z.string(),
  pictureUrl: z.string(),
  partySize: z.number().int().positive(),
  status: z.enum(['accepted', 'waiting', 'cancelled']),
  /** 1-based waitlist place for waiting players, null otherwise. */
  position: z.number().int().positive().nullable(),
  attendance: attendance.nullable(),
  bookedAt: isoInstant,
  acceptedAt: isoInstant.nullable(),
  cancelledAt: isoInstant.nullable(),
  walkIn: z.boolean(),
});
export type AdminParticipant = z.infer<typeof adminParticipant>;

export const sessionMembers = z.object({
  capacity: nonNegativeInt,
  acceptedCount: nonNegativeInt,
  waitingCount: nonNegativeInt,
  accepted: z.array(adminParticipant),
  waiting: z.array(adminParticipant),
});
export const sessionBooks = z.object({ items: z.array(adminParticipant) });

export const attendanceCounts = z.object({
  attended: nonNegativeInt,
  absent: nonNegativeInt,
  unmarked: nonNegativeInt,
});
export const signedMembers = z.object({
  session: adminSession,
  players: z.array(adminParticipant),
  counts: attendanceCounts,
});

export const switchPublicRequest = sessionScope.extend({ isPublic: z.boolean() });
export const switchOpeningRequest = sessionScope.extend({ open: z.boolean() });
export const updateCapacityRequest = sessionScope.extend({
  capacity: z.number().int().min(1).max(ADMIN_LIMITS.maxCapacity),
});
export const updateCapacityResult = z.object({ session: adminSession, promoted: nonNegativeInt });

/** Take one player out of a session (accepted or waiting); a freed place promotes the waitlist head. */
export const removePlayerRequest = sessionScope.extend({ userId: id });
export const removePlayerResult = z.object({ session: adminSession, promoted: z.boolean() });

/** Fields whose change sends every booked and waiting player a change notice: venue and time. */
export const updateVenueRequest = sessionScope
  .extend({
    venue: text(100).min(1).optional(),
    address: text(200).optional(),
    region: region.optional(),
    courts: z.number().int().min(1).max(ADMIN_LIMITS.maxCourts).optional(),
    startsAt: isoInstant.optional(),
    endsAt: isoInstant.optional(),
    signupOpensAt: isoInstant.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'sessionId'), { message: 'Nothing to update' })
  .superRefine(checkTimes);
export const sessionChangeResult = z.object({ session: adminSession, notified: nonNegativeInt });
export const deleteSessionResult = z.object({ sessionId: id, deleted: z.literal(true), notified: nonNegativeInt });

// Members

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
  joinedAt: isoInstant,
  stats: memberStats,
});
export type TeamMemberView = z.infer<typeof teamMemberView>;

export const getMembersRequest = teamScope.extend({
  search: text(50).default(''),
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

// Check-in

export const signRequest = sessionScope.extend({ userId: id, attendance });
export const signResult = z.object({ sessionId: id, userId: id, attendance, checkedInAt: isoInstant.nullable() });
export const signedListRequest = teamScope.extend({ date: isoDate.optional() });
export const signedList = z.object({
  date: isoDate,
  sessions: z.array(z.object({ session: adminSession, counts: attendanceCounts })),
});
/** A walk-in is a known player (`userId`) or a guest without an account (`name`). */
export const addWalkInRequest = sessionScope
  .extend({ userId: id.optional(), name: text(50).min(1).optional() })
  .refine((v) => (v.userId === undefined) !== (v.name === undefined), { message: 'Give either userId or name' });
export const addWalkInResult = z.object({
  sessionId: id,
  userId: id,
  name: z.string(),
  status: z.literal('accepted'),
  attendance: z.literal('attended'),
});

// Board and reports

export const revenueLine = z.object({
  sessions: nonNegativeInt,
  /** Seats of accepted bookings, parties counted by size. */
  accepted: nonNegativeInt,
  attended: nonNegativeInt,
  absent: nonNegativeInt,
  /** Attended players x price, NT dollars. */
  revenue: nonNegativeInt,
});
export const boardActivity = z.object({
  kind: z.enum(['booked', 'waitlisted', 'promoted', 'cancelled']),
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

export const emptyAdminRequest = z.strictObject({});
