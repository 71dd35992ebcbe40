import { addDays, adminRoutes, MONEY_LIMITS, taipeiDate, taipeiDayStart } from '@shuttle/shared';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import { adminIdempotencyScope } from '#db/keys.ts';
import type { CreditRepository } from '#payments/credit-repository.ts';
import { outstandingOf } from '#payments/outstanding.ts';
import type { PassRepository } from '#payments/pass-repository.ts';
import type { PaymentRepository } from '#payments/repository.ts';
import type { Clock } from '#platform/clock.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { PlayerRepository } from '#players/repository.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MembershipRepository } from '#teams/membership-repository.ts';
import type { NoShowSettings } from '#teams/no-show-settings.ts';
import type { TeamRepository } from '#teams/repository.ts';

export interface PaymentRouteDeps {
  clock: Clock;
  scope: TeamScope;
  sessions: SessionRepository;
  teams: TeamRepository;
  users: PlayerRepository;
  memberships: MembershipRepository;
  payments: PaymentRepository;
  credits: Pick<CreditRepository, 'ofTeam'>;
  passes: PassRepository;
  noShowSettings: NoShowSettings;
  http: ContractAppOptions;
}

/** Admin calls of payments, passes and the no-show rule (docs/MONEY.md). */
export function paymentAdminRoutes(s: PaymentRouteDeps) {
  const result = (
    session: SessionRecord,
    userId: string,
    payment: Awaited<ReturnType<PaymentRepository['waive']>>,
  ) => ({
    sessionId: session.id,
    userId,
    payment,
  });

  const suspensions = async (teamId: string) => {
    const now = s.clock.now().toISOString();
    const members = await s.memberships.membersOf(teamId);
    return {
      suspensions: members
        .filter((m) => m.suspendedUntil && m.suspendedUntil > now)
        .map((m) => ({
          userId: m.userId,
          name: m.name,
          suspendedUntil: m.suspendedUntil!,
          noShows: m.suspendedNoShows ?? 0,
        }))
        .sort((a, b) => a.suspendedUntil.localeCompare(b.suspendedUntil)),
    };
  };

  return contractRoutes(
    adminRoutes,
    {
      // The booking's reference (read strongly) carries its per-head share for the answer.
      'payments/markPaid': async (request, { refs }) => {
        const session = refs.sessionId;
        const share = refs.userId.share;
        return result(session, request.userId, await s.payments.markPaid({ ...request, share }, session.price));
      },
      'payments/settleRefund': async ({ sessionId, userId, as }, { refs }) => {
        const session = refs.sessionId;
        return result(session, userId, await s.payments.settleRefund(sessionId, userId, as, session.price));
      },
      'payments/credits': async (_, { refs }) => ({ credits: await s.credits.ofTeam(refs.teamId.teamId) }),
      'payments/markUnpaid': async ({ sessionId, userId }, { refs }) => {
        const session = refs.sessionId;
        return result(session, userId, await s.payments.markUnpaid(sessionId, userId, session.price));
      },
      'payments/waive': async ({ sessionId, userId }, { refs }) => {
        const session = refs.sessionId;
        return result(session, userId, await s.payments.waive(sessionId, userId, session.price));
      },
      'payments/usePass': async ({ sessionId, userId, passId }, { refs }) => {
        const session = refs.sessionId;
        return result(session, userId, await s.payments.usePass(sessionId, userId, passId, session.price));
      },

      /** The team's sessions of the last 90 and next 60 days, their bookings, and the valid passes. */
      'payments/getOutstanding': async (_, { refs }) => {
        const access = refs.teamId;
        const today = taipeiDate(s.clock.now());
        const [sessions, passes] = await Promise.all([
          s.sessions.teamSessions(
            access.teamId,
            taipeiDayStart(addDays(today, -MONEY_LIMITS.outstandingPastDays)),
            taipeiDayStart(addDays(today, MONEY_LIMITS.outstandingFutureDays + 1)),
          ),
          s.passes.ofTeam(access.teamId, addDays(today, -MONEY_LIMITS.outstandingPastDays)),
        ]);
        return outstandingOf(await s.sessions.withBookings(sessions), passes, s.clock.now());
      },

      'passes/sell': async (sale, { admin, idempotencyKey, refs }) => {
        const access = refs.teamId;
        const member = refs.userId;
        const team = await s.teams.get(access.teamId);
        return s.passes.sell(
          {
            ...sale,
            teamId: access.teamId,
            teamName: team?.name ?? '',
            playerName: member.name,
            soldBy: admin.adminId,
          },
          idempotencyKey ? { scope: adminIdempotencyScope(admin.adminId), key: idempotencyKey } : undefined,
        );
      },
      'passes/update': async ({ passId, validFrom }, { refs }) => {
        const access = refs.teamId;
        return s.passes.updateStart(access.teamId, passId, validFrom);
      },
      'passes/list': async (_, { refs }) => {
        const access = refs.teamId;
        return { passes: await s.passes.ofTeam(access.teamId, taipeiDate(s.clock.now())) };
      },

      'noShow/getRule': async (_input, { refs }) => {
        const access = refs.teamId;
        const { cancelWindowMinutes: _, ...rule } = await s.noShowSettings.get(access.teamId);
        return rule;
      },
      'noShow/updateRule': async ({ teamId, ...rule }, { refs }) => {
        const access = refs.teamId;
        return s.noShowSettings.update(access.teamId, rule);
      },
      'noShow/suspensions': async (_, { refs }) => {
        const access = refs.teamId;
        return suspensions(access.teamId);
      },
      'noShow/liftSuspension': async ({ userId }, { refs }) => {
        const access = refs.teamId;
        await s.memberships.liftSuspension(access.teamId, userId, s.clock.now().toISOString());
        return suspensions(access.teamId);
      },
    },
    s.http,
  );
}
