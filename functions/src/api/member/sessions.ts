import {
  hasPaymentDetails,
  type MyBooking,
  memberCoreRoutes,
  owes,
  type Payment,
  type PaymentDetails,
  type SessionListQuery,
  taipeiDate,
} from '@shuttle/shared';
import { myBookingOf, participantCountsOf, participantsOf } from '#api/views/bookings.ts';
import { lotteryView } from '#bookings/lottery.ts';
import type { CreditRepository } from '#payments/credit-repository.ts';
import { passCovers } from '#payments/model.ts';
import type { PassRepository } from '#payments/pass-repository.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes, type MemberCaller } from '#platform/http.ts';
import type { PlayerRepository } from '#players/repository.ts';
import { browsePage } from '#sessions/browse.ts';
import { type SessionRecord, toDetail, toSummary } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MembershipRepository } from '#teams/membership-repository.ts';
import type { TeamRepository } from '#teams/repository.ts';

export interface SessionRouteDeps {
  clock: Clock;
  sessions: SessionRepository;
  teams: TeamRepository;
  memberships: MembershipRepository;
  /** Listed players' nicknames (and the caller's level), by user id. */
  users: Pick<PlayerRepository, 'listedProfiles'>;
  /** The caller's credit with the team, read only while their booking owes (docs/MONEY.md, "Refunds and credit"). */
  credits: Pick<CreditRepository, 'balance'>;
  /** The caller's passes, read only while their booking owes (docs/MONEY.md, "Season passes"). */
  passes: Pick<PassRepository, 'ofUser'>;
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
    const { items, nextCursor } = await browsePage(
      (q) => s.sessions.readIndex(q),
      query,
      now,
      viewer ?? Promise.resolve(null),
    );
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

  const detail = async (session: SessionRecord, member: MemberCaller | null) => {
    const now = s.clock.now();
    const sessionId = session.id;
    const [team, booking, membership] = await Promise.all([
      s.teams.get(session.teamId),
      member ? s.sessions.booking(sessionId, member.userId) : null,
      member ? s.memberships.stateOf(session.teamId, member.userId) : null,
    ]);
    // A team-only session is hidden from visitors; a signed-in player sees it with a way to join (docs/DECISIONS.md).
    if (!session.isPublic && !member) throw new DomainError('SESSION_NOT_FOUND');
    const myBooking = await coveredByPass(
      session,
      member?.userId,
      member ? myBookingOf(session, booking, now) : undefined,
    );
    const detail = {
      ...toDetail(session, now, team?.privateRules ?? '', myBooking),
      ...withLottery(session, booking ? member : null),
      ...payTo(myBooking?.payment, team?.paymentDetails),
      // A transfer reported before cancelling, from the caller's booking row already read (docs/MONEY.md).
      ...(booking && !myBooking && booking.paymentReport ? { myCancelledTransfer: booking.paymentReport } : {}),
    };
    return membership ? { ...detail, team: { membership, joinRule: team?.joinRule ?? 'open' } } : detail;
  };

  /**
   * A booking that owes (docs/MONEY.md): while the player holds a valid pass of the team that
   * covers the session's day, marked `coveredBy`, so the app shows 季打 instead of 未付款 and no
   * transfer form (one Query of the caller's passes); else, with credit left with the team, the
   * credit the team will take off (one GetItem). Both only while the booking owes.
   */
  const coveredByPass = async (
    session: SessionRecord,
    userId: string | undefined,
    mine: MyBooking | null | undefined,
  ): Promise<MyBooking | null | undefined> => {
    const payment = mine?.payment;
    if (!mine || !payment || !owes(payment) || !userId) return mine;
    const day = taipeiDate(session.startsAt);
    const [passes, credit] = await Promise.all([
      s.passes.ofUser(userId, day),
      s.credits.balance(session.teamId, userId),
    ]);
    const pass = passes.find((p) => p.teamId === session.teamId && passCovers(p, day));
    if (pass) return { ...mine, payment: { ...payment, coveredBy: { passId: pass.passId, name: pass.name } } };
    return credit > 0 ? { ...mine, payment: { ...payment, creditAvailable: credit } } : mine;
  };

  /**
   * Where and how much a player who owes pays (docs/ON-COURT.md, "Where to pay"): the team's
   * details (already read with the team) and the booking's amount (its per-head share once the
   * night is settled), less the credit the team will take off. No read of its own.
   */
  const payTo = (payment: Payment | null | undefined, details: PaymentDetails | undefined) => {
    if (!payment || !owes(payment) || payment.coveredBy || !hasPaymentDetails(details)) return {};
    const amount = Math.max(0, payment.amount - (payment.creditAvailable ?? 0));
    return { paymentDetails: { ...details, accountName: details.accountName ?? '', amount } };
  };

  /** A visitor's list: counts only, never who (docs/PRIVACY.md); one GetItem of the session. */
  const participantCounts = async (session: SessionRecord) => {
    if (!session.isPublic) throw new DomainError('SESSION_NOT_FOUND');
    return participantCountsOf(session);
  };

  const participants = async (session: SessionRecord, member: MemberCaller) => {
    const bookings = await s.sessions.bookings(session.id);
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
    memberCoreRoutes,
    {
      'withoutAuth/getSessionList': (query) => list(query, null),
      'checkState/sessionList/getSessionList': (query, { member }) => list(query, member),
      'withoutAuth/getDetail': (_, { refs }) => detail(refs.sessionId, null),
      'checkState/sessionList/getDetail': (_, { member, refs }) => detail(refs.sessionId, member),
      'withoutAuth/getMemberList': (_, { refs }) => participantCounts(refs.sessionId),
      'checkState/sessionList/getMemberList': (_, { member, refs }) => participants(refs.sessionId, member),
    },
    s.http,
  );
}
