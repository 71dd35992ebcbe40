import {
  DEFAULT_CANCEL_WINDOW_MINUTES,
  isStartingSoon,
  lotteryTakesEntries,
  type MyBooking,
  type SessionDetail,
  type SessionSummary,
  sessionStatusAt,
} from '@shuttle/shared';
import type { SessionRecord } from '#db/codecs/sessions.ts';

/** The stored shapes, checked by their codecs on every read (`#db/codecs/sessions.ts`). */
export type { BookingRecord, SessionRecord } from '#db/codecs/sessions.ts';

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
