import { addDays, type MyBooking, memberRoutes, type SessionListQuery, taipeiDayStart } from '@shuttle/shared';
import { canCancel } from '#bookings/rules.ts';
import { decodeEntry, waitlistIndex } from '#bookings/waitlist.ts';
import { DomainError } from '#platform/errors.ts';
import { contractRoutes, type MemberCaller } from '#platform/http.ts';
import type { Services } from '#app/services.ts';
import { type BrowseViewer, matches, page } from './browse.ts';
import { type BookingRecord, type SessionRecord, toDetail, toSummary } from './model.ts';
import { browseWindow } from './repository.ts';

/** The caller's booking as the apps show it, or null when they hold none. */
export function myBookingOf(
  session: SessionRecord,
  booking: BookingRecord | null | undefined,
  now: Date,
): MyBooking | null {
  if (!booking || booking.status === 'cancelled') return null;
  const at = booking.status === 'waiting' ? waitlistIndex(session.waitlist, booking.userId) : -1;
  return {
    status: booking.status,
    position: booking.status === 'waiting' && at >= 0 ? at + 1 : null,
    partySize: booking.partySize,
    canCancel: canCancel(session, booking, now),
    attendance: booking.attendance ?? null,
    bookedAt: booking.bookedAt,
  };
}

export function sessionRoutes(s: Services) {
  const list = async (query: SessionListQuery, member: MemberCaller | null) => {
    const now = s.clock.now();
    const { from, to } = browseWindow(query, now);
    // The three reads are independent: the window, the viewer's teams and the viewer's bookings.
    const [window, teamIds, bookings] = await Promise.all([
      s.sessions.window(query, now),
      member ? s.teams.teamIdsOf(member.userId) : null,
      member ? s.sessions.bookingsOfUser(member.userId, taipeiDayStart(from), taipeiDayStart(addDays(to, 1))) : null,
    ]);
    const viewer: BrowseViewer | null = teamIds ? { teamIds } : null;
    const { items, nextCursor } = page(
      window.filter((session) => matches(session, query, now, viewer)),
      query,
      now,
    );
    if (!bookings) return { items: items.map((session) => toSummary(session, now)), nextCursor };

    const mine = new Map(bookings.map((b) => [b.sessionId, b]));
    return {
      items: items.map((session) => toSummary(session, now, myBookingOf(session, mine.get(session.id), now))),
      nextCursor,
    };
  };

  const detail = async (sessionId: string, member: MemberCaller | null) => {
    const now = s.clock.now();
    const session = await s.sessions.require(sessionId);
    const [team, booking, viewerTeams] = await Promise.all([
      s.teams.get(session.teamId),
      member ? s.sessions.booking(sessionId, member.userId) : null,
      !session.isPublic && member ? s.teams.teamIdsOf(member.userId) : null,
    ]);
    // A team-only session is shown to its members and to players already booked into it.
    if (!session.isPublic && !viewerTeams?.has(session.teamId) && !booking) throw new DomainError('SESSION_NOT_FOUND');
    return toDetail(session, now, team?.privateRules ?? '', member ? myBookingOf(session, booking, now) : undefined);
  };

  const participants = async (sessionId: string, member: MemberCaller | null) => {
    const [session, bookings] = await Promise.all([s.sessions.require(sessionId), s.sessions.bookings(sessionId)]);
    const byUser = new Map(bookings.map((b) => [b.userId, b]));
    const accepted = bookings
      .filter((b) => b.status === 'accepted')
      .sort((a, b) => (a.acceptedAt ?? a.bookedAt).localeCompare(b.acceptedAt ?? b.bookedAt));
    const view = (b: BookingRecord, position: number | null) => ({
      name: b.userName,
      pictureUrl: b.pictureUrl,
      partySize: b.partySize,
      position,
      attendance: b.attendance ?? null,
      isMe: member?.userId === b.userId,
    });
    const waiting = session.waitlist.flatMap((entry, i) => {
      const booking = byUser.get(decodeEntry(entry).userId);
      return booking && booking.status === 'waiting' ? [view(booking, i + 1)] : [];
    });
    return {
      accepted: accepted.map((b) => view(b, null)),
      waiting,
      acceptedCount: session.acceptedCount,
      waitingCount: session.waitingCount,
    };
  };

  return contractRoutes(
    memberRoutes,
    {
      'withoutAuth/getSessionList': (query) => list(query, null),
      'checkState/sessionList/getSessionList': (query, { member }) => list(query, member),
      'withoutAuth/getDetail': ({ sessionId }) => detail(sessionId, null),
      'checkState/sessionList/getDetail': ({ sessionId }, { member }) => detail(sessionId, member),
      'withoutAuth/getMemberList': ({ sessionId }) => participants(sessionId, null),
      'checkState/sessionList/getMemberList': ({ sessionId }, { member }) => participants(sessionId, member),
    },
    s.http,
  );
}
