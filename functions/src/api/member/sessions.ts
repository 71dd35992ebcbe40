import { memberRoutes, type SessionListQuery } from '@shuttle/shared';
import { myBookingOf, participantCountsOf, participantsOf } from '#api/views/bookings.ts';
import { lotteryView } from '#bookings/lottery.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes, type MemberCaller } from '#platform/http.ts';
import type { UserRepository } from '#players/repository.ts';
import { type SessionRecord, toDetail, toSummary } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MembershipRepository } from '#teams/membership.ts';
import type { TeamRepository } from '#teams/repository.ts';

export interface SessionRouteDeps {
  clock: Clock;
  sessions: SessionRepository;
  teams: TeamRepository;
  memberships: MembershipRepository;
  /** Listed players' nicknames (and the caller's level), by user id. */
  users: Pick<UserRepository, 'listedProfiles'>;
  http: ContractAppOptions;
}

/** The verifiable lottery record of a lottery session (docs/FAIR-SIGNUP.md); the ticket for a player who entered. */
const withLottery = (session: SessionRecord, entrant: MemberCaller | null) => {
  const lottery = lotteryView(session, entrant?.userId ?? null);
  return lottery ? { lottery } : {};
};

export function sessionRoutes(s: SessionRouteDeps) {
  const list = async (query: SessionListQuery, member: MemberCaller | null) => {
    const now = s.clock.now();
    // The viewer's teams are read while the page is: they only decide team-only sessions.
    const viewer = member ? s.memberships.teamIdsOf(member.userId).then((teamIds) => ({ teamIds })) : null;
    const { items, nextCursor } = await s.sessions.browse(query, now, viewer ?? Promise.resolve(null));
    if (!member) return { items: items.map((session) => toSummary(session, now)), nextCursor };

    // The caller's booking rows of the shown sessions only, so the cost follows the page.
    const bookings = await s.sessions.bookingsIn(
      items.map((session) => session.id),
      member.userId,
    );
    const mine = new Map(bookings.map((b) => [b.sessionId, b]));
    return {
      items: items.map((session) => toSummary(session, now, myBookingOf(session, mine.get(session.id), now))),
      nextCursor,
    };
  };

  const detail = async (sessionId: string, member: MemberCaller | null) => {
    const now = s.clock.now();
    const session = await s.sessions.require(sessionId);
    const [team, booking, membership] = await Promise.all([
      s.teams.get(session.teamId),
      member ? s.sessions.booking(sessionId, member.userId) : null,
      member ? s.memberships.stateOf(session.teamId, member.userId) : null,
    ]);
    // A team-only session is hidden from visitors; a signed-in player sees it with a way to join (docs/DECISIONS.md).
    if (!session.isPublic && !member) throw new DomainError('SESSION_NOT_FOUND');
    const detail = {
      ...toDetail(session, now, team?.privateRules ?? '', member ? myBookingOf(session, booking, now) : undefined),
      ...withLottery(session, booking ? member : null),
    };
    return membership ? { ...detail, team: { membership, joinRule: team?.joinRule ?? 'open' } } : detail;
  };

  /** A visitor's list: counts only, never who (docs/PRIVACY.md); one GetItem of the session. */
  const participantCounts = async (sessionId: string) => {
    const session = await s.sessions.require(sessionId);
    if (!session.isPublic) throw new DomainError('SESSION_NOT_FOUND');
    return participantCountsOf(session);
  };

  const participants = async (sessionId: string, member: MemberCaller) => {
    const [session, bookings] = await Promise.all([s.sessions.require(sessionId), s.sessions.bookings(sessionId)]);
    if (!session.isPublic) {
      // The detail's rule: a team-only session's players are shown to its members and its booked players.
      const booked = bookings.some((b) => b.userId === member.userId);
      const inTeam = !booked && (await s.memberships.teamIdsOf(member.userId)).has(session.teamId);
      if (!booked && !inTeam) throw new DomainError('SESSION_NOT_FOUND');
    }
    // Nicknames (and the caller's own level): one BatchGetItem of the listed players' profiles.
    const listed = bookings.filter((b) => b.status !== 'cancelled').map((b) => b.userId);
    return participantsOf(session, bookings, member.userId, await s.users.listedProfiles(listed));
  };

  return contractRoutes(
    memberRoutes,
    {
      'withoutAuth/getSessionList': (query) => list(query, null),
      'checkState/sessionList/getSessionList': (query, { member }) => list(query, member),
      'withoutAuth/getDetail': ({ sessionId }) => detail(sessionId, null),
      'checkState/sessionList/getDetail': ({ sessionId }, { member }) => detail(sessionId, member),
      'withoutAuth/getMemberList': ({ sessionId }) => participantCounts(sessionId),
      'checkState/sessionList/getMemberList': ({ sessionId }, { member }) => participants(sessionId, member),
    },
    s.http,
  );
}
