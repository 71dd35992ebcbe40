import { DEFAULT_CANCEL_WINDOW_MINUTES, type MyBooking, paymentOf } from '@shuttle/shared';
import { effectiveStatus } from '#bookings/lottery.ts';
import { canCancel } from '#bookings/rules.ts';
import { decodeEntry, waitlistIndex } from '#bookings/waitlist.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';

/** The caller's booking as the apps show it, or null when they hold none. */
export function myBookingOf(
  session: SessionRecord,
  booking: BookingRecord | null | undefined,
  now: Date,
): MyBooking | null {
  if (!booking || booking.status === 'cancelled') return null;
  const status = effectiveStatus(session, booking);
  if (status === 'cancelled') return null;
  const at = status === 'waiting' ? waitlistIndex(session.waitlist, booking.userId) : -1;
  return {
    status,
    position: status === 'waiting' && at >= 0 ? at + 1 : null,
    partySize: booking.partySize,
    canCancel: canCancel(session, { ...booking, status }, now),
    attendance: booking.attendance ?? null,
    bookedAt: booking.bookedAt,
    offerExpiresAt: status === 'offered' ? (booking.offerExpiresAt ?? null) : null,
    cancelDeadline: cancelDeadlineOf(session),
    ...(booking.status === 'accepted' ? { payment: paymentOf(session.price, booking) } : {}),
  };
}

/** When an accepted place can no longer be cancelled: the start minus the session's cancellation window. */
export function cancelDeadlineOf(session: Pick<SessionRecord, 'startsAt' | 'cancelWindowMinutes'>): string {
  const minutes = session.cancelWindowMinutes ?? DEFAULT_CANCEL_WINDOW_MINUTES;
  return new Date(Date.parse(session.startsAt) - minutes * 60_000).toISOString();
}

/** What a signed-in player's list shows of another player: the nickname they chose for lists. */
export interface ListedProfile {
  nickname?: string | null;
  level?: number | null;
}

/**
 * Who holds a place and who waits, as a signed-in player sees it (docs/PRIVACY.md): accepted
 * players in the order they got their place, waiting players in waitlist order with their
 * position, each by their list name (nickname, else the name they booked with) and picture.
 * Attendance and level are on the viewer's own row only; admins see everyone's (admin API).
 */
export function participantsOf(
  session: SessionRecord,
  bookings: readonly BookingRecord[],
  viewerId: string,
  profiles: ReadonlyMap<string, ListedProfile> = new Map(),
) {
  const byUser = new Map(bookings.map((b) => [b.userId, b]));
  const statusOf = (b: BookingRecord) => effectiveStatus(session, b);
  const accepted = bookings
    .filter((b) => statusOf(b) === 'accepted')
    .sort((a, b) => (a.acceptedAt ?? a.bookedAt).localeCompare(b.acceptedAt ?? b.bookedAt));
  const view = (b: BookingRecord, position: number | null) => {
    const isMe = viewerId === b.userId;
    const profile = profiles.get(b.userId);
    return {
      name: profile?.nickname || b.userName,
      pictureUrl: b.pictureUrl,
      partySize: b.partySize,
      position,
      isMe,
      ...(isMe ? { attendance: b.attendance ?? null, level: profile?.level ?? null } : {}),
    };
  };
  const waiting = session.waitlist.flatMap((entry, i) => {
    const booking = byUser.get(decodeEntry(entry).userId);
    return booking && statusOf(booking) === 'waiting' ? [view(booking, i + 1)] : [];
  });
  const listed = (list: readonly string[] | undefined, status: BookingRecord['status']) =>
    (list ?? []).flatMap((entry) => {
      const booking = byUser.get(decodeEntry(entry).userId);
      return booking && statusOf(booking) === status ? [view(booking, null)] : [];
    });
  const entered = listed(session.lotteryEntries, 'entered');
  return {
    visibility: 'names' as const,
    accepted: accepted.map((b) => view(b, null)),
    waiting,
    // Only when there are any, so sessions without fair sign-up answer as before.
    ...nonEmpty('entered', entered),
    ...nonEmpty('offered', listed(session.offers, 'offered')),
    acceptedCount: session.acceptedCount,
    waitingCount: session.waitingCount,
    ...(entered.length > 0 ? { enteredCount: entered.length } : {}),
  };
}

/**
 * A visitor's list (docs/PRIVACY.md): how many are in and waiting, never who. The counts are
 * the session item's own, so a visitor's list reads no booking.
 */
export function participantCountsOf(session: SessionRecord) {
  const entered = session.lotteryDrawnAt ? 0 : (session.lotteryEntries ?? []).length;
  return {
    visibility: 'counts' as const,
    accepted: [],
    waiting: [],
    acceptedCount: session.acceptedCount,
    waitingCount: session.waitingCount,
    ...(entered > 0 ? { enteredCount: entered } : {}),
  };
}

const nonEmpty = <K extends string, T>(key: K, list: T[]) =>
  (list.length > 0 ? { [key]: list } : {}) as Partial<Record<K, T[]>>;
