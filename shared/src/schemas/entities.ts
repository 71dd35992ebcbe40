import * as z from 'zod';
import {
  CATEGORIES,
  JOIN_RULES,
  LANGUAGES,
  MAX_PARTY_SIZE,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REGIONS,
} from '../constants.ts';
import { lottery, signupMode } from './fair-signup.ts';
import { instant } from './instant.ts';

/** Any ISO 8601 instant with an offset, stored and answered as UTC `…sssZ` (instant.ts). */
export const isoInstant = instant;
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

/** `entered`: in an opening lottery, not drawn yet; `offered`: a waitlist offer open until `offerExpiresAt` (docs/FAIR-SIGNUP.md). */
export const bookingStatus = z.enum(['accepted', 'waiting', 'entered', 'offered']);
export type BookingStatus = z.infer<typeof bookingStatus>;

export const attendance = z.enum(['attended', 'absent']);
export type Attendance = z.infer<typeof attendance>;

export const partySize = z.number().int().min(1).max(MAX_PARTY_SIZE);

export const paymentStatus = z.enum(PAYMENT_STATUSES);
export const paymentMethod = z.enum(PAYMENT_METHODS);
/** NT dollars. */
export const amount = z.number().int().nonnegative().max(100_000);

/** What a booking owes and how it was settled (docs/MONEY.md); `method` and `paidAt` are null until paid. */
export const payment = z.object({
  status: paymentStatus,
  /** The session price x party size unless the admin recorded another amount. */
  amount,
  method: paymentMethod.nullable(),
  reference: z.string().optional(),
  paidAt: isoInstant.nullable(),
  /** The season pass that paid it. */
  passId: id.optional(),
  /** The player's report "I transferred", waiting for the admin to confirm. */
  reported: z.object({ reference: z.string(), at: isoInstant }).optional(),
  /** While unpaid: the player's valid season pass that covers it (the team settles it with the pass). */
  coveredBy: z.object({ passId: id, name: z.string() }).optional(),
  /** Paid: what the player gave (money and credit) when it differs from `amount`, their share of a per-head night. */
  paid: amount.optional(),
  /** Paid: the part of it taken from the player's credit with the team (docs/MONEY.md, "Refunds and credit"). */
  creditUsed: amount.optional(),
  /** Paid more than the closed per-head share: the difference, until the team gives it back or keeps it as credit. */
  refundDue: amount.optional(),
  /** That difference, settled: given back (`refunded`) or kept as the player's credit for a later session. */
  refund: z.object({ amount, as: z.enum(['refunded', 'credit']), at: isoInstant }).optional(),
  /** Unpaid, player's own view only: their credit with the team, which the team takes off when they pay. */
  creditAvailable: amount.optional(),
});
export type Payment = z.infer<typeof payment>;

/**
 * Where the team's players pay (docs/ON-COURT.md, "Where to pay"; `setting/updatePaymentDetails`):
 * bank code (3 digits), account holder name (戶名) and account (digits), LINE Pay and JKO Pay links (https); '' = not given.
 */
export const paymentDetails = z.object({
  bankCode: z.string(),
  /** 戶名: the account holder's name as the bank shows it ('' on details saved before it existed). */
  accountName: z.string().default(''),
  bankAccount: z.string(),
  linePayUrl: z.string(),
  jkoPayUrl: z.string(),
});
export type PaymentDetails = z.infer<typeof paymentDetails>;

/** The caller's own booking in a session, added by the logged-in list and detail calls. */
export const myBooking = z.object({
  status: bookingStatus,
  /** 1-based place on the waitlist; null when accepted. */
  position: z.number().int().positive().nullable(),
  partySize,
  canCancel: z.boolean(),
  attendance: attendance.nullable(),
  bookedAt: isoInstant,
  /** While `offered`: until when the place is held for the caller. */
  offerExpiresAt: isoInstant.nullable().optional(),
  /** When an accepted booking can no longer be cancelled (the session's cancellation window). */
  cancelDeadline: isoInstant.optional(),
  /** What the booking owes and how it was paid (docs/MONEY.md); accepted bookings only. */
  payment: payment.nullable().optional(),
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
  signupMode: signupMode.optional(),
  /**
   * A lottery taking entries (before its window closes and the draw runs; docs/FAIR-SIGNUP.md):
   * how many people entered (guests count), shown as "11 人抽 8 位"; absent otherwise.
   */
  lotteryEntrants: z.number().int().nonnegative().optional(),
  /** Team members may join from this instant (the team's member priority window); null without one. */
  memberSignupOpensAt: isoInstant.nullable().optional(),
  myBooking: myBooking.nullable().optional(),
  /** The levels the session is for (1-18); absent: everyone. */
  levelMin: z.number().int().min(1).max(18).optional(),
  levelMax: z.number().int().min(1).max(18).optional(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

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
  /** Lottery sessions only: the verifiable draw (docs/FAIR-SIGNUP.md). */
  lottery: lottery.optional(),
  /**
   * Seats freed in the last hour before the start, open to everyone on the waitlist at once: the
   * first waiting player whose party fits takes them (`checkState/booked/acceptOffer`; docs/FAIR-SIGNUP.md).
   */
  lastCallSeats: z.number().int().positive().optional(),
  /**
   * Where to pay and how much, only while the caller's booking owes money and the team gave a way
   * (docs/ON-COURT.md, "Where to pay"): the share of a closed settlement, else the booking's amount.
   */
  paymentDetails: paymentDetails.extend({ amount }).optional(),
  /** The caller's membership of the session's team; signed-in callers only. */
  team: z.object({ membership: teamMembershipState, joinRule }).optional(),
  /**
   * The caller's own cancelled booking's "I transferred" report, kept so they can ask the team for
   * the money back (docs/MONEY.md); never anyone else's, absent while the caller holds a booking.
   */
  myCancelledTransfer: z.object({ reference: z.string(), at: isoInstant }).optional(),
});
export type SessionDetail = z.infer<typeof sessionDetail>;

/**
 * One row of a session's list as a signed-in player sees it (docs/PRIVACY.md): the player's
 * list name (their nickname, else their LINE/Google name) and picture. Attendance and level are
 * on the caller's own row only; admins see everyone's through the admin API.
 */
export const participant = z.object({
  name: z.string(),
  pictureUrl: z.string(),
  partySize,
  /** 1-based waitlist place for waiting participants, null for accepted ones. */
  position: z.number().int().positive().nullable(),
  isMe: z.boolean(),
  /** The caller's own row only. */
  attendance: attendance.nullable().optional(),
  /** The caller's own self-assessed level (1-18), or null; own row only. */
  level: z.number().int().min(1).max(18).nullable().optional(),
});
export type Participant = z.infer<typeof participant>;

/** `counts`: a visitor's answer, whose lists are empty (never who, only how many); `names`: a signed-in player's. */
export const participantVisibility = z.enum(['names', 'counts']);
export type ParticipantVisibility = z.infer<typeof participantVisibility>;

export const memberList = z.object({
  visibility: participantVisibility,
  accepted: z.array(participant),
  waiting: z.array(participant),
  /** Lottery entries before the draw, in arrival order. */
  entered: z.array(participant).optional(),
  /** Players holding a waitlist offer. */
  offered: z.array(participant).optional(),
  acceptedCount: z.number().int().nonnegative(),
  waitingCount: z.number().int().nonnegative(),
  /** Lottery entries before the draw (entries, not seats); only while there are any. */
  enteredCount: z.number().int().nonnegative().optional(),
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
  /**
   * News 1:1 by LINE even when the team's group is bound (docs/LINE.md, "Team news"); off: a bound
   * group tells the member, so LINE does not bill the same news twice.
   */
  newsDirect: z.boolean(),
  waitlist: z.boolean(),
  bookingReminder: z.boolean(),
  sessionChange: z.boolean(),
  /** Channels (docs/PLAYER-EXPERIENCE.md, "Notifications"): LINE pushes and e-mails, each on or off. */
  line: z.boolean(),
  email: z.boolean(),
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
  /** The name lists show instead of `displayName` (`checkState/setting/nickname`); null: none. */
  nickname: z.string().nullable().optional(),
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
  /** Games the player played on the session's rotation board; absent when the session had no board or they were not on it. */
  gamesPlayed: z.number().int().nonnegative().optional(),
  /** Set when the player cancelled (or lost) this booking: listed, never counted in the statistics. */
  cancelledAt: isoInstant.optional(),
  /** A cancelled booking's "I transferred" report, kept so the player can ask for the money back. */
  transferReported: z.object({ reference: z.string(), at: isoInstant }).optional(),
});
export type HistoryItem = z.infer<typeof historyItem>;
