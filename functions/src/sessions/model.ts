import {
  type Category,
  DEFAULT_CANCEL_WINDOW_MINUTES,
  isStartingSoon,
  lotteryTakesEntries,
  type MyBooking,
  type QuietHours,
  type Region,
  type SessionDetail,
  type SessionSummary,
  type SignupMode,
  type StoredPayment,
  sessionStatusAt,
} from '@shuttle/shared';

/** A session as stored (key `SESSION#id / SESSION`). The seat state lives on this one item. */
export interface SessionRecord {
  type: 'session';
  id: string;
  teamId: string;
  teamName: string;
  title: string;
  venue: string;
  address: string;
  region: Region;
  categories: Category[];
  courts: number;
  capacity: number;
  price: number;
  startsAt: string;
  endsAt: string;
  signupOpensAt: string;
  isPublic: boolean;
  bookingClosed: boolean;
  notes: string;
  lineLink: string;
  cancelWindowMinutes: number;
  /** Seats taken by accepted bookings (a party counts its size). */
  acceptedCount: number;
  /** capacity - acceptedCount, kept as its own attribute so conditions can compare it. */
  remaining: number;
  waitingCount: number;
  /** Waitlist in commit order; entries are `userId*partySize` (see waitlist.ts). */
  waitlist: string[];
  /**
   * Fair sign-up (docs/FAIR-SIGNUP.md), copied from the team when the session is created; unset
   * on older sessions = first come, no offers, no member priority.
   */
  signupMode?: SignupMode;
  lotteryMinutes?: number;
  /** The secret seed (never shown before the draw) and its SHA-256, shown from the start. */
  lotterySeed?: string;
  lotterySeedHash?: string;
  /** Lottery entries in arrival order (`userId*partySize`), kept after the draw for verification. */
  lotteryEntries?: string[];
  /** Set once, by the draw's conditional write. */
  lotteryDrawnAt?: string;
  waitlistOfferMinutes?: number;
  /** Quiet hours of the session's offers (docs/FAIR-SIGNUP.md); unset: the default 23:00-08:00, null: off. */
  quietHours?: QuietHours | null;
  memberPriorityHours?: number;
  /** Places held by open waitlist offers (`userId*partySize`); their seats are not in `remaining`. */
  offers?: string[];
  /**
   * Last call (docs/FAIR-SIGNUP.md): seats freed inside the final window, open to everyone on the
   * waitlist until one of them claims them; like offered seats they are not in `remaining`.
   * `lastCallOpened` counts every seat ever opened so (audit: claims never exceed it).
   */
  lastCallSeats?: number;
  lastCallOpened?: number;
  /** The levels the session is for (docs/MONEY.md); unset: everyone. */
  levelMin?: number;
  levelMax?: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
}

/** A booking as stored (key `SESSION#id / BOOKING#userId`): at most one per player and session. */
export interface BookingRecord {
  type: 'booking';
  sessionId: string;
  userId: string;
  teamId: string;
  userName: string;
  pictureUrl: string;
  status: 'accepted' | 'waiting' | 'entered' | 'offered' | 'cancelled';
  /** While `offered`: the end of the offer; `offeredAt` stays once a waitlist offer was made. */
  offerExpiresAt?: string;
  offeredAt?: string;
  /** When the player claimed a last-call place (docs/FAIR-SIGNUP.md). */
  lastCallAt?: string;
  /** Why a booking was cancelled other than by its player (`offerDeclined`, `offerExpired`, session changes). */
  cancelReason?: string;
  partySize: number;
  bookedAt: string;
  acceptedAt?: string;
  cancelledAt?: string;
  promotedAt?: string;
  /** Set on a lottery entry's row when the draw settles it (docs/FAIR-SIGNUP.md). */
  drawnAt?: string;
  attendance?: 'attended' | 'absent' | null;
  /** Absent until a payment is recorded (docs/MONEY.md); never written by a join. */
  payment?: StoredPayment;
  /** The player's "I transferred" report, until the admin confirms it. */
  paymentReport?: { reference: string; at: string };
  /** The booking's share of a closed per-head settlement: what it owes (docs/MONEY.md, "Per-head nights"). */
  share?: number;
  checkedInAt?: string;
  walkIn?: boolean;
  startsAt: string;
}

export function toSummary(session: SessionRecord, now: Date, myBooking?: MyBooking | null): SessionSummary {
  return {
    id: session.id,
    teamId: session.teamId,
    teamName: session.teamName,
    title: session.title,
    venue: session.venue,
    address: session.address,
    region: session.region,
    categories: session.categories,
    courts: session.courts,
    capacity: session.capacity,
    price: session.price,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    signupOpensAt: session.signupOpensAt,
    isPublic: session.isPublic,
    bookingClosed: session.bookingClosed,
    acceptedCount: session.acceptedCount,
    waitingCount: session.waitingCount,
    remaining: session.remaining,
    status: sessionStatusAt(session, now),
    startingSoon: isStartingSoon(session, now, session.cancelWindowMinutes ?? DEFAULT_CANCEL_WINDOW_MINUTES),
    signupMode: session.signupMode ?? 'firstCome',
    memberSignupOpensAt: memberSignupOpensAt(session),
    ...(lotteryTakesEntries(session, now) ? { lotteryEntrants: lotteryEntrants(session) } : {}),
    ...(myBooking === undefined ? {} : { myBooking }),
    ...(session.levelMin !== undefined && session.levelMax !== undefined
      ? { levelMin: session.levelMin, levelMax: session.levelMax }
      : {}),
  };
}

/** People in a lottery's entries (`userId*partySize`, bookings/waitlist.ts): guests count, as seats do. */
function lotteryEntrants(session: Pick<SessionRecord, 'lotteryEntries'>): number {
  return (session.lotteryEntries ?? []).reduce(
    (sum, entry) => sum + Number(entry.slice(entry.lastIndexOf('*') + 1)),
    0,
  );
}

/** When team members may join: `memberPriorityHours` before sign-up opens; null without a priority window. */
export function memberSignupOpensAt(session: Pick<SessionRecord, 'signupOpensAt' | 'memberPriorityHours'>) {
  const hours = session.memberPriorityHours ?? 0;
  return hours > 0 ? new Date(Date.parse(session.signupOpensAt) - hours * 3_600_000).toISOString() : null;
}

export function toDetail(
  session: SessionRecord,
  now: Date,
  privateRules: string,
  myBooking?: MyBooking | null,
): SessionDetail {
  return {
    ...toSummary(session, now, myBooking),
    notes: session.notes,
    lineLink: session.lineLink,
    privateRules,
    cancelWindowMinutes: session.cancelWindowMinutes,
    ...(session.lastCallSeats ? { lastCallSeats: session.lastCallSeats } : {}),
  };
}
