import {
  type Category,
  DEFAULT_CANCEL_WINDOW_MINUTES,
  isStartingSoon,
  type MyBooking,
  type Region,
  type SessionDetail,
  type SessionSummary,
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
  status: 'accepted' | 'waiting' | 'cancelled';
  partySize: number;
  bookedAt: string;
  acceptedAt?: string;
  cancelledAt?: string;
  promotedAt?: string;
  attendance?: 'attended' | 'absent' | null;
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
    ...(myBooking === undefined ? {} : { myBooking }),
  };
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
  };
}
