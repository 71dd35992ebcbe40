import { adminRoutes } from '@shuttle/shared';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import { stockView } from '#payments/settlement.ts';
import { EMPTY_PAYMENT_DETAILS, type SettlementRepository } from '#payments/settlement-repository.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import { monthSpan } from '#reports/revenue.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { TeamRepository } from '#teams/repository.ts';

export interface SettlementRouteDeps {
  settlements: SettlementRepository;
  scope: TeamScope;
  sessions: SessionRepository;
  teams: TeamRepository;
  http: ContractAppOptions;
}

/** The night's settlement, shuttle stock and payment details (docs/ON-COURT.md, "Settlement", "Where to pay"). */
export function settlementRoutes(s: SettlementRouteDeps) {
  const { settlements } = s;

  /** The settlement with the session's bookings read consistently (check-in marks and payments just made). */
  const current = async (session: SessionRecord) => {
    const [bookings, record, stock] = await Promise.all([
      s.sessions.bookings(session.id),
      settlements.record(session.id),
      settlements.stock(session.teamId),
    ]);
    return settlements.view(session, bookings, record, stock);
  };

  return contractRoutes(
    adminRoutes,
    {
      'settlement/get': async ({ sessionId }, { admin }) => current(await s.scope.session(admin, sessionId)),
      'settlement/update': async ({ sessionId, ...change }, { admin }) => {
        const session = await s.scope.session(admin, sessionId);
        await settlements.update(session, change);
        return current(session);
      },
      'settlement/close': async ({ sessionId }, { admin }) => {
        const session = await s.scope.session(admin, sessionId);
        const bookings = await s.sessions.bookings(session.id);
        return (await settlements.close(session, bookings)).settlement;
      },
      'settlement/month': async ({ teamId, month }, { admin }) => {
        const access = await s.scope.team(admin, teamId);
        const { from, to } = monthSpan(month);
        return settlements.month(access.teamId, month, from, to);
      },

      'shuttles/get': async ({ teamId }, { admin }) => {
        const access = await s.scope.team(admin, teamId);
        return stockView(await settlements.stock(access.teamId));
      },
      'shuttles/addPurchase': async ({ teamId, tubes, pricePerTube }, { admin }) => {
        const access = await s.scope.team(admin, teamId);
        return settlements.addPurchase(access.teamId, tubes, pricePerTube);
      },
      'shuttles/updateThreshold': async ({ teamId, lowStockTubes }, { admin }) => {
        const access = await s.scope.team(admin, teamId);
        return settlements.updateThreshold(access.teamId, lowStockTubes);
      },

      'setting/getPaymentDetails': async ({ teamId }, { admin }) => {
        const access = await s.scope.team(admin, teamId);
        return (await s.teams.get(access.teamId))?.paymentDetails ?? EMPTY_PAYMENT_DETAILS;
      },
      'setting/updatePaymentDetails': async ({ teamId, ...details }, { admin }) => {
        const access = await s.scope.team(admin, teamId);
        return settlements.updatePaymentDetails(access.teamId, details);
      },
    },
    s.http,
  );
}
