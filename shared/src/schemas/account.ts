import * as z from 'zod';
import {
  attendance,
  id,
  isoDate,
  isoInstant,
  language,
  memberProfile,
  notificationPreferences,
  partySize,
  payment,
} from './entities.ts';
import { route } from './routes.ts';
import { nameText } from './text.ts';

/**
 * A player's own account (docs/PRIVACY.md): the name lists show, a copy of everything stored
 * about them, and deleting the account.
 */

export const NICKNAME_MAX = 20;

/** A name (`text.ts`: no controls, direction overrides or lone surrogates, at least one visible character; NFC). */
export const nickname = nameText(NICKNAME_MAX).min(1, 'Please enter a nickname');

/** `null` (or an empty text) clears it: lists show the LINE/Google name again. */
export const setNicknameRequest = z.object({
  nickname: z.union([z.literal('').transform(() => null), nickname, z.null()]),
});
export type SetNicknameRequest = z.input<typeof setNicknameRequest>;

const exportedBooking = z.object({
  sessionId: id,
  teamId: id,
  teamName: z.string(),
  title: z.string(),
  venue: z.string(),
  startsAt: isoInstant,
  status: z.enum(['accepted', 'waiting', 'entered', 'offered', 'cancelled']),
  partySize,
  /** The name the team's lists showed for the booking. */
  listedName: z.string(),
  bookedAt: isoInstant,
  cancelledAt: isoInstant.nullable(),
  attendance: attendance.nullable(),
  payment: payment.nullable(),
});

/** Everything stored about the caller (`checkState/account/exportData`), as one JSON document. */
export const accountExport = z.object({
  exportedAt: isoInstant,
  profile: memberProfile.omit({ userId: true }).extend({
    /** The login link: `<provider>_<subject of the LINE/Google ID token>`. */
    accountId: z.string(),
    providerSubject: z.string(),
    level: z.number().int().min(1).max(18).nullable(),
    createdAt: isoInstant,
    lastLoginAt: isoInstant,
  }),
  email: z.object({ address: z.string().nullable(), verified: z.boolean(), pendingAddress: z.string().nullable() }),
  language: language.nullable(),
  preferences: notificationPreferences,
  memberships: z.array(
    z.object({
      teamId: id,
      teamName: z.string(),
      membership: z.string(),
      blocked: z.boolean(),
      joinedAt: isoInstant,
      suspendedUntil: isoInstant.nullable(),
    }),
  ),
  bookings: z.array(exportedBooking),
  passes: z.array(
    z.object({
      passId: id,
      teamId: id,
      teamName: z.string(),
      name: z.string(),
      credits: z.number().int().nonnegative().nullable(),
      remaining: z.number().int().nonnegative().nullable(),
      validFrom: isoDate,
      validUntil: isoDate,
      price: z.number().int().nonnegative(),
      soldAt: isoInstant,
    }),
  ),
  calendarFeed: z.object({ exists: z.boolean() }),
  /**
   * The player's rating from games played (docs/ON-COURT.md, "Ratings"), as stored: the model's
   * skill and uncertainty, rated games, the level at the end of each day rated, won and lost, how many
   * partners are counted and the ratings switch; null: never rated.
   */
  rating: z
    .object({
      mu: z.number(),
      sigma: z.number(),
      games: z.number().int().nonnegative(),
      updatedAt: isoInstant,
      trend: z.array(z.object({ date: isoDate, level: z.number() })),
      /** The game counts kept with it and the ratings switch (partners as a count only: their ids are theirs). */
      won: z.number().int().nonnegative().default(0),
      lost: z.number().int().nonnegative().default(0),
      partners: z.number().int().nonnegative().default(0),
      off: z.boolean().default(false),
    })
    .nullable()
    .default(null),
});
export type AccountExport = z.infer<typeof accountExport>;

/** The account is gone: what was removed and how many bookings stay, anonymised, for the teams. */
export const accountDeleted = z.object({
  deleted: z.literal(true),
  anonymisedBookings: z.number().int().nonnegative(),
});
export type AccountDeleted = z.infer<typeof accountDeleted>;

/** Member calls of the player's own account, under `/api/`; spread into `memberRoutes`. */
export const accountMemberRoutes = {
  'checkState/setting/nickname': route({
    method: 'POST',
    auth: 'member',
    summary: 'Set (or clear with null) the nickname session lists show instead of the LINE/Google name',
    request: setNicknameRequest,
    response: memberProfile,
  }),
  'checkState/account/exportData': route({
    method: 'POST',
    auth: 'member',
    summary:
      'Everything stored about the caller, as JSON (profile, login link, email, preferences, teams, bookings with payments, passes, calendar feed)',
    request: null,
    response: accountExport,
  }),
  'checkState/account/delete': route({
    method: 'POST',
    auth: 'member',
    summary:
      'Delete the account: profile, login link, email, preferences, teams and calendar feed are removed; bookings stay for the teams under an anonymous name. 409 ACCOUNT_HAS_BOOKINGS while a booking of a session not ended is held, 409 ACCOUNT_RUNS_TEAM while the player runs a team',
    request: null,
    response: accountDeleted,
  }),
} as const;
