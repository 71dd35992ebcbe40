import { adminRoutes } from '@shuttle/shared';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import { stockView } from '#payments/settlement.ts';
import { EMPTY_PAYMENT_DETAILS, type SettlementRepository } from '#payments/settlement-store.ts';
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
      'settlement/get': async (_, { refs }) => current(refs.sessionId),
      'settlement/update': async ({ sessionId, ...change }, { refs }) => {
        const session = refs.sessionId;
        await settlements.update(session, change);
        return current(session);
      },
      'settlement/close': async (_, { refs }) => {
        const session = refs.sessionId;
        const bookings = await s.sessions.bookings(session.id);
        return (await settlements.close(session, bookings)).settlement;
      },
      'settlement/month': async ({ month }, { refs }) => {
        const access = refs.teamId;
        const { from, to } = monthSpan(month);
        return settlements.month(access.teamId, month, from, to);
      },

      'shuttles/get': async (_, { refs }) => {
        const access = refs.teamId;
        return stockView(await settlements.stock(access.teamId));
      },
      'shuttles/addPurchase': async ({ tubes, pricePerTube }, { refs }) => {
        const access = refs.teamId;
        return settlements.addPurchase(access.teamId, tubes, pricePerTube);
      },
      'shuttles/updateThreshold': async ({ lowStockTubes }, { refs }) => {
        const access = refs.teamId;
        return settlements.updateThreshold(access.teamId, lowStockTubes);
      },

      'setting/getPaymentDetails': async (_, { refs }) => {
        const access = refs.teamId;
        return (await s.teams.get(access.teamId))?.paymentDetails ?? EMPTY_PAYMENT_DETAILS;
      },
      'setting/updatePaymentDetails': async ({ teamId, ...details }, { refs }) => {
        const access = refs.teamId;
        return settlements.updatePaymentDetails(access.teamId, details);
      },
    },
    s.http,
  );
}
