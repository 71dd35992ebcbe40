import * as z from 'zod';
import { ADMIN_LIMITS, CATEGORIES, PAGE_SIZE_MAX, TEXT_LIMITS } from '../../constants.ts';
import { taipeiWeekday } from '../../time.ts';
import { attendance, category, id, isoDate, isoInstant, payment, region, sessionSummary } from '../entities.ts';
import { lotteryMinutes, signupMode } from '../fair-signup.ts';
import { lineLink, multiLine, name, nonNegativeInt, sessionScope, teamScope, text } from './common.ts';
import { venueList } from './teams.ts';

// A team's sessions: creating them (once, weekly or on listed dates), the lists, the players, changes and check-in.

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
  /** The team's default sign-up mode and lottery window for new sessions (docs/FAIR-SIGNUP.md). */
  signupMode: signupMode.optional(),
  lotteryMinutes: lotteryMinutes.optional(),
  venues: venueList,
});

const sessionTimes = {
  startsAt: isoInstant,
  endsAt: isoInstant,
  signupOpensAt: isoInstant,
};

/** What describes a session besides its team and its times; the create form checks its fields with it. */
export const sessionDetails = z.strictObject({
  title: name(TEXT_LIMITS.sessionTitle).optional(),
  venue: name(TEXT_LIMITS.venueName).min(1),
  address: text(TEXT_LIMITS.address).default(''),
  region,
  courts: z.number().int().min(1).max(ADMIN_LIMITS.maxCourts),
  capacity: z.number().int().min(1).max(ADMIN_LIMITS.maxCapacity),
  price: z.number().int().min(0).max(ADMIN_LIMITS.maxPrice),
  categories: z
    .array(category)
    .min(1)
    .max(CATEGORIES.length)
    .refine((c) => new Set(c).size === c.length, 'Categories repeat'),
  notes: multiLine(TEXT_LIMITS.notes).default(''),
  lineLink: lineLink.default(''),
  isPublic: z.boolean().default(true),
  /** The levels the session is for (1-18, docs/MONEY.md "Player levels"); unset: everyone. */
  levelMin: z.number().int().min(1).max(18).optional(),
  levelMax: z.number().int().min(1).max(18).optional(),
});

/** Sign-up mode; unset takes the team's default. A lottery's window must close by the start (docs/FAIR-SIGNUP.md). */
const signupFields = { signupMode: signupMode.optional(), lotteryMinutes: lotteryMinutes.optional() };
const sessionFields = { teamId: id.optional(), ...sessionDetails.shape, ...sessionTimes, ...signupFields };

type Times = {
  startsAt?: string;
  endsAt?: string;
  signupOpensAt?: string;
  lotteryMinutes?: number;
  levelMin?: number;
  levelMax?: number;
};
/** End after start, at most 12 hours long, sign-up opening no later than the start. */
function checkTimes(v: Times, ctx: z.RefinementCtx) {
  if (v.levelMin !== undefined && v.levelMax !== undefined && v.levelMin > v.levelMax)
    ctx.addIssue({ code: 'custom', path: ['levelMax'], message: 'must not be below levelMin' });
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
  if (v.startsAt && v.signupOpensAt && v.lotteryMinutes !== undefined) {
    if (Date.parse(v.signupOpensAt) + v.lotteryMinutes * 60_000 > Date.parse(v.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['lotteryMinutes'], message: 'the lottery must close by startsAt' });
    }
  }
}

/**
 * How many sessions a create request publishes: one without a repeat, the weeks (times the
 * weekdays), or the dates. The create form shows it; the request holds it to
 * `ADMIN_LIMITS.maxSessionsPerCreate`.
 */
export function repeatCount(repeat?: { weeks: number; weekdays?: readonly number[] } | { dates: readonly string[] }) {
  if (!repeat) return 1;
  if ('weeks' in repeat) return repeat.weeks * (repeat.weekdays ? new Set(repeat.weekdays).size : 1);
  return repeat.dates.length;
}

/**
 * A weekly repeat on several weekdays (Tue+Thu for 4 weeks) starts on the first of them, the
 * day of `startsAt`, and publishes weeks × weekdays sessions, at most `maxSessionsPerCreate`.
 */
function checkWeekdays(
  v: { startsAt: string; repeat: { weeks: number; weekdays?: number[] } | { dates: string[] } },
  ctx: z.RefinementCtx,
) {
  if (!('weeks' in v.repeat) || !v.repeat.weekdays) return;
  if (!v.repeat.weekdays.includes(taipeiWeekday(v.startsAt))) {
    ctx.addIssue({ code: 'custom', path: ['repeat', 'weekdays'], message: 'must include the weekday of startsAt' });
  }
  if (repeatCount(v.repeat) > ADMIN_LIMITS.maxSessionsPerCreate) {
    ctx.addIssue({
      code: 'custom',
      path: ['repeat', 'weekdays'],
      message: `at most ${ADMIN_LIMITS.maxSessionsPerCreate} sessions a call (weeks × weekdays)`,
    });
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
      z.strictObject({
        weeks: z.number().int().min(1).max(ADMIN_LIMITS.maxWeeks),
        /** ISO weekdays (1 = Monday … 7 = Sunday), one of them the weekday of `startsAt` (Taipei); unset: that weekday alone. */
        weekdays: z
          .array(z.number().int().min(1).max(7))
          .min(1)
          .max(7)
          .refine((d) => new Set(d).size === d.length, 'Weekdays repeat')
          .optional(),
      }),
      z.strictObject({
        dates: z
          .array(isoDate)
          .min(1)
          .max(ADMIN_LIMITS.maxDates)
          .refine((d) => new Set(d).size === d.length, 'Dates repeat'),
      }),
    ]),
  })
  .superRefine(checkTimes)
  .superRefine(checkWeekdays);
export const createSessionRequest = z.discriminatedUnion('publishState', [createSingleSession, createManySessions]);

/**
 * A copy of a session at another time (`createSession/copySession`): the same settings (title,
 * venue, courts, places, price, levels, sign-up mode and its rules, notes, visibility), starting
 * at `startsAt`; it lasts as long, and its sign-up (with a lottery's window) opens as long before
 * the start as the original's (docs/DECISIONS.md, "Copying a session").
 */
export const copySessionRequest = sessionScope.extend({ startsAt: isoInstant });
export const copySessionResult = z.object({ session: adminSession });
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
  status: z.enum(['accepted', 'waiting', 'entered', 'offered', 'cancelled']),
  /** 1-based waitlist place for waiting players, null otherwise. */
  position: z.number().int().positive().nullable(),
  attendance: attendance.nullable(),
  bookedAt: isoInstant,
  acceptedAt: isoInstant.nullable(),
  cancelledAt: isoInstant.nullable(),
  walkIn: z.boolean(),
  /** Accepted players in the check-in and member lists: what they owe or paid (docs/MONEY.md). */
  payment: payment.optional(),
  /** The check-in list: the player's self-assessed level (docs/MONEY.md, "Player levels"); null when unset. */
  level: z.number().int().min(1).max(18).nullable().optional(),
  /** An offered player (docs/FAIR-SIGNUP.md): until when the place is held for them. */
  offerExpiresAt: isoInstant.nullable().optional(),
});
export type AdminParticipant = z.infer<typeof adminParticipant>;

export const sessionMembers = z.object({
  capacity: nonNegativeInt,
  acceptedCount: nonNegativeInt,
  waitingCount: nonNegativeInt,
  accepted: z.array(adminParticipant),
  waiting: z.array(adminParticipant),
  /** Fair sign-up (docs/FAIR-SIGNUP.md): lottery entries before the draw, in arrival order. */
  entered: z.array(adminParticipant),
  /** Players a freed place is held for, each with `offerExpiresAt`. */
  offered: z.array(adminParticipant),
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
  /** The waitlist in its order (docs/ON-COURT.md, "At the door"): players the admin may move up or add. */
  waiting: z.array(adminParticipant),
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
    venue: name(TEXT_LIMITS.venueName).min(1).optional(),
    address: text(TEXT_LIMITS.address).optional(),
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

/**
 * Check-in (docs/ON-COURT.md, "At the door"): attended, absent, or `null` (未點名), which undoes
 * the mark. Absent before the session's start needs `confirm: true` (409 ABSENT_BEFORE_START).
 */
export const signRequest = sessionScope.extend({
  userId: id,
  attendance: attendance.nullable(),
  confirm: z.boolean().optional(),
});
export const signResult = z.object({
  sessionId: id,
  userId: id,
  attendance: attendance.nullable(),
  checkedInAt: isoInstant.nullable(),
});
export const signedListRequest = teamScope.extend({ date: isoDate.optional() });
export const signedList = z.object({
  date: isoDate,
  sessions: z.array(z.object({ session: adminSession, counts: attendanceCounts })),
});
/** A walk-in is a known player (`userId`) or a guest without an account (`name`). */
/** With `raiseCapacity`, a session with no place free for the walk-in takes one more player (+1 名額並加入). */
export const addWalkInRequest = sessionScope
  .extend({
    userId: id.optional(),
    name: name(TEXT_LIMITS.playerName).min(1).optional(),
    raiseCapacity: z.boolean().optional(),
  })
  .refine((v) => (v.userId === undefined) !== (v.name === undefined), { message: 'Give either userId or name' });
export const addWalkInResult = z.object({
  sessionId: id,
  userId: id,
  name: z.string(),
  status: z.literal('accepted'),
  attendance: z.literal('attended'),
  /** The capacity was raised by one for this walk-in. */
  capacityRaised: z.boolean(),
});
