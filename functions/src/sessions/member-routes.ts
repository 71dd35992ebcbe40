import { addDays, memberRoutes, type SessionListQuery, taipeiDayStart } from '@shuttle/shared';
import { myBookingOf, participantsOf } from '#bookings/views.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes, type MemberCaller } from '#platform/http.ts';
import type { MembershipRepository } from '#teams/membership.ts';
import type { TeamRepository } from '#teams/repository.ts';
import { type BrowseViewer, matches, page } from './browse.ts';
import { toDetail, toSummary } from './model.ts';
import { browseWindow, type SessionRepository } from './repository.ts';

export interface SessionRouteDeps {
  clock: Clock;
  sessions: SessionRepository;
  teams: TeamRepository;
  memberships: MembershipRepository;
  http: ContractAppOptions;
}

export function sessionRoutes(s: SessionRouteDeps) {
  const list = async (query: SessionListQuery, member: MemberCaller | null) => {
    const now = s.clock.now();
    const { from, to } = browseWindow(query, now);
    // The three reads are independent: the window, the viewer's teams and the viewer's bookings.
    const [window, teamIds, bookings] = await Promise.all([
      s.sessions.window(query, now),
      member ? s.memberships.teamIdsOf(member.userId) : null,
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
      !session.isPublic && member ? s.memberships.teamIdsOf(member.userId) : null,
    ]);
    // A team-only session is shown to its members and to players already booked into it.
    if (!session.isPublic && !viewerTeams?.has(session.teamId) && !booking) throw new DomainError('SESSION_NOT_FOUND');
    return toDetail(session, now, team?.privateRules ?? '', member ? myBookingOf(session, booking, now) : undefined);
  };

  const participants = async (sessionId: string, member: MemberCaller | null) => {
    const [session, bookings] = await Promise.all([s.sessions.require(sessionId), s.sessions.bookings(sessionId)]);
    return participantsOf(session, bookings, member?.userId ?? null);
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
