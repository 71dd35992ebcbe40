import { addDays, DEFAULT_LANGUAGE, MONEY_LIMITS, memberRoutes, taipeiDate } from '@shuttle/shared';
import type { PassRepository } from '#payments/pass-repository.ts';
import type { PaymentRepository } from '#payments/repository.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { PlayerRepository } from '#players/repository.ts';
import { historyCsv } from '#reports/money.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MembershipRepository } from '#teams/membership-repository.ts';

export interface PaymentMemberRouteDeps {
  clock: Clock;
  sessions: SessionRepository;
  users: PlayerRepository;
  payments: PaymentRepository;
  passes: PassRepository;
  memberships: MembershipRepository;
  http: ContractAppOptions;
}

/** Member calls of money and levels (docs/MONEY.md). */
export function paymentMemberRoutes(s: PaymentMemberRouteDeps) {
  return contractRoutes(
    memberRoutes,
    {
      'checkState/payments/reportTransfer': async ({ sessionId, reference }, { member, refs }) => {
        const { session } = refs.sessionId;
        return s.payments.reportTransfer(sessionId, member.userId, reference, session.price);
      },
      'checkState/passes/mine': async (_, { member }) => ({
        passes: await s.passes.ofUser(member.userId, taipeiDate(s.clock.now())),
      }),
      'checkState/noShow/mySuspension': async ({ teamId }, { member }) => {
        // `teamId` names an existing team (its reference); the answer is the caller's own standing.
        const record = await s.memberships.get(teamId, member.userId);
        const active = record?.suspendedUntil && record.suspendedUntil > s.clock.now().toISOString();
        return active
          ? { suspendedUntil: record.suspendedUntil!, noShows: record.suspendedNoShows ?? 0 }
          : { suspendedUntil: null, noShows: 0 };
      },
      'checkState/setting/getLevel': async (_, { member }) => ({
        level: (await s.users.get(member.userId))?.level ?? null,
      }),
      'checkState/setting/level': async ({ level }, { member }) => ({
        level: await s.users.setLevel(member.userId, level),
      }),
      /** The last year of bookings and the upcoming ones: one Query of GSI1 `USER#id#BOOKINGS`, one BatchGet of the sessions. */
      'checkState/history/exportCsv': async (_, { member, c }) => {
        const now = s.clock.now();
        const from = `${addDays(taipeiDate(now), -MONEY_LIMITS.historyDays)}`;
        const [user, bookings] = await Promise.all([
          s.users.get(member.userId),
          s.sessions.bookingsOfUser(
            member.userId,
            from,
            addDays(taipeiDate(now), MONEY_LIMITS.outstandingFutureDays + 1),
          ),
        ]);
        if (!user) throw new DomainError('INVALID_TOKEN');
        const byId = await s.sessions.getMany([...new Set(bookings.map((b) => b.sessionId))]);
        c.header('content-disposition', 'attachment; filename="shuttle-history.csv"');
        return historyCsv(
          bookings
            .sort((a, b) => b.startsAt.localeCompare(a.startsAt))
            .map((booking) => ({ session: byId.get(booking.sessionId), booking })),
          user.language ?? DEFAULT_LANGUAGE,
        );
      },
    },
    s.http,
  );
}
