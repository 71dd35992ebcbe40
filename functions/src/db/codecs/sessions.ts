import {
  CATEGORIES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFUND_AS,
  REGIONS,
  SIGNUP_MODES,
  taipeiDate,
  taipeiMonth,
} from '@shuttle/shared';
import { itemCodec } from '../codec.ts';
import { index, key, sessionIndexKeys } from '../keys.ts';
import * as z from '../schema.ts';

/**
 * A session's partition (TABLE.md, "Items"): the session item, where seats and the waitlist
 * live, and one booking row per player. Fields added after the first release are optional, so
 * items written before them still decode; lists (waitlist, offers, entries) are checked as
 * lists of strings, their `userId*partySize` entries are parsed where they are used (waitlist.ts).
 */

const quietHours = /* @__PURE__ */ z.lazy(() => z.object({ start: z.string(), end: z.string() }));

/** What a change notice says about the session before a window's first change (`#bookings/notice-window.ts`). */
const noticeSnapshot = /* @__PURE__ */ z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    teamName: z.string(),
    venue: z.string(),
    address: z.string(),
    region: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
  }),
);

export const sessionSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('session'),
    id: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    title: z.string(),
    venue: z.string(),
    address: z.string(),
    region: z.enum(REGIONS),
    categories: z.array(z.enum(CATEGORIES)),
    courts: z.number(),
    capacity: z.number(),
    price: z.number(),
    startsAt: z.string(),
    endsAt: z.string(),
    signupOpensAt: z.string(),
    isPublic: z.boolean(),
    bookingClosed: z.boolean(),
    notes: z.string(),
    lineLink: z.string(),
    cancelWindowMinutes: z.number(),
    /** Seats taken by accepted bookings (a party counts its size). */
    acceptedCount: z.number(),
    /** capacity - acceptedCount, kept as its own attribute so conditions can compare it. */
    remaining: z.number(),
    waitingCount: z.number(),
    /** Waitlist in commit order; entries are `userId*partySize` (see waitlist.ts). */
    waitlist: z.array(z.string()),
    /**
     * Fair sign-up (docs/FAIR-SIGNUP.md), copied from the team when the session is created; unset
     * on older sessions = first come, no offers, no member priority.
     */
    signupMode: z.enum(SIGNUP_MODES).optional(),
    lotteryMinutes: z.number().optional(),
    /** The secret seed (never shown before the draw) and its SHA-256, shown from the start. */
    lotterySeed: z.string().optional(),
    lotterySeedHash: z.string().optional(),
    /** Lottery entries in arrival order (`userId*partySize`), kept after the draw for verification. */
    lotteryEntries: z.array(z.string()).optional(),
    /** Set once, by the draw's conditional write. */
    lotteryDrawnAt: z.string().optional(),
    waitlistOfferMinutes: z.number().optional(),
    /** Quiet hours of the session's offers (docs/FAIR-SIGNUP.md); unset: the default 23:00-08:00, null: off. */
    quietHours: quietHours.nullable().optional(),
    memberPriorityHours: z.number().optional(),
    /** Places held by open waitlist offers (`userId*partySize`); their seats are not in `remaining`. */
    offers: z.array(z.string()).optional(),
    /**
     * Last call (docs/FAIR-SIGNUP.md): seats freed inside the final window, open to everyone on the
     * waitlist until one of them claims them; like offered seats they are not in `remaining`.
     * `lastCallOpened` counts every seat ever opened so (audit: claims never exceed it).
     */
    lastCallSeats: z.number().optional(),
    lastCallOpened: z.number().optional(),
    /** The levels the session is for (docs/MONEY.md); unset: everyone. */
    levelMin: z.number().optional(),
    levelMax: z.number().optional(),
    /** The open window of coalesced change notices (`#bookings/notice-window.ts`). */
    noticeWindow: z.object({ id: z.string(), until: z.string(), previous: noticeSnapshot }).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string(),
  }),
);

/** A session as stored (key `SESSION#id / SESSION`). The seat state lives on this one item. */
export type SessionRecord = z.output<typeof sessionSchema>;

/** The key and the four browse indexes of a session (TABLE.md, "Browse"). */
export const sessionKeys = (session: Pick<SessionRecord, 'id' | 'region' | 'teamId' | 'startsAt' | 'price'>) => ({
  ...key.session(session.id),
  ...sessionIndexKeys({ ...session, month: taipeiMonth(session.startsAt), day: taipeiDate(session.startsAt) }),
});

export const sessionCodec = /* @__PURE__ */ itemCodec({ name: 'session', schema: sessionSchema, keys: sessionKeys });

/** A booking's payment as stored (absent until someone records one; docs/MONEY.md). */
const storedPayment = /* @__PURE__ */ z.lazy(() =>
  z.object({
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number(),
    method: z.enum(PAYMENT_METHODS).nullable(),
    reference: z.string().optional(),
    paidAt: z.string().nullable(),
    passId: z.string().optional(),
    /** NT$ of this payment taken from the player's credit with the team, on top of `amount`. */
    credit: z.number().optional(),
    /** The part above the per-head share, given back or kept as credit (`payments/settleRefund`). */
    refund: z.object({ amount: z.number(), as: z.enum(REFUND_AS), at: z.string() }).optional(),
  }),
);

export const bookingSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('booking'),
    sessionId: z.string(),
    userId: z.string(),
    teamId: z.string(),
    userName: z.string(),
    pictureUrl: z.string(),
    status: z.enum(['accepted', 'waiting', 'entered', 'offered', 'cancelled']),
    /** While `offered`: the end of the offer; `offeredAt` stays once a waitlist offer was made. */
    offerExpiresAt: z.string().optional(),
    offeredAt: z.string().optional(),
    /** When the player claimed a last-call place (docs/FAIR-SIGNUP.md). */
    lastCallAt: z.string().optional(),
    /** Why a booking was cancelled other than by its player (`offerDeclined`, `offerExpired`, session changes). */
    cancelReason: z.string().optional(),
    partySize: z.number(),
    bookedAt: z.string(),
    acceptedAt: z.string().optional(),
    cancelledAt: z.string().optional(),
    promotedAt: z.string().optional(),
    /** Set on a lottery entry's row when the draw settles it (docs/FAIR-SIGNUP.md). */
    drawnAt: z.string().optional(),
    attendance: z.enum(['attended', 'absent']).nullable().optional(),
    /** Absent until a payment is recorded (docs/MONEY.md); never written by a join. */
    payment: storedPayment.optional(),
    /** The player's "I transferred" report, until the admin confirms it. */
    paymentReport: z.object({ reference: z.string(), at: z.string() }).optional(),
    /** The booking's share of a closed per-head settlement: what it owes (docs/MONEY.md, "Per-head nights"). */
    share: z.number().optional(),
    checkedInAt: z.string().optional(),
    walkIn: z.boolean().optional(),
    /** The admin who added a walk-in. */
    addedBy: z.string().optional(),
    /** The player deleted their account: the row stays for the team under an anonymous name (docs/PRIVACY.md). */
    anonymised: z.boolean().optional(),
    startsAt: z.string(),
  }),
);

/** A booking as stored (key `SESSION#id / BOOKING#userId`): at most one per player and session. */
export type BookingRecord = z.output<typeof bookingSchema>;

export const bookingCodec = /* @__PURE__ */ itemCodec({
  name: 'booking',
  schema: bookingSchema,
  keys: (b) => ({ ...key.booking(b.sessionId, b.userId), ...index.bookingsOfUser(b.userId, b.startsAt, b.sessionId) }),
});

const selfCheckInSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('selfCheckIn'),
    sessionId: z.string(),
    teamId: z.string(),
    /** The secret the venue's QR carries. */
    code: z.string(),
    createdAt: z.string(),
    ttl: z.number(),
  }),
);

/** A session's self check-in code (`SESSION#<id>` / `SELFCHECKIN`, TTL the session's end + 2 d). */
export type SelfCheckInRecord = z.output<typeof selfCheckInSchema>;

export const selfCheckInCodec = /* @__PURE__ */ itemCodec({
  name: 'selfCheckIn',
  schema: selfCheckInSchema,
  keys: (c) => key.selfCheckIn(c.sessionId),
});
