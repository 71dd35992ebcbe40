import { adminRoutes } from '@shuttle/shared';
import type { AdminAccounts } from '#admin-accounts/repository.ts';
import { moneySettingsAccess, type TeamScope } from '#admin-accounts/team-scope.ts';
import type { PaymentDetailsStore } from '#payments/payment-details.ts';
import { stockView } from '#payments/settlement.ts';
import type { SettlementRepository } from '#payments/settlement-repository.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import { monthSpan } from '#reports/revenue.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';

export interface SettlementRouteDeps {
  settlements: SettlementRepository;
  scope: TeamScope;
  sessions: SessionRepository;
  accounts: Pick<AdminAccounts, 'require' | 'identity'>;
  paymentDetails: PaymentDetailsStore;
  /** Counts a notice-producing call against its team's `teamNotices` bucket (app/limits.ts). */
  teamNotices: (teamId: string) => Promise<void>;
  http: ContractAppOptions;
}

/** The night's settlement, shuttle stock and payment details (docs/ON-COURT.md, "Settlement", "Where to pay"). */
export function settlementRoutes(s: SettlementRouteDeps) {
  const { settlements, paymentDetails } = s;

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

      'setting/getPaymentDetails': async (_, { admin, refs }) => {
        const access = refs.teamId;
        const [details, editable] = await Promise.all([
          paymentDetails.get(access.teamId),
          moneySettingsAccess(access, admin.adminId, s.accounts),
        ]);
        return { ...details, editable };
      },
      // `teamId` is an `ownedTeam`: an owner with a verified email (docs/MONEY.md).
      'setting/updatePaymentDetails': async ({ teamId: _teamId, ...details }, { admin, refs }) => {
        const access = refs.teamId;
        await s.teamNotices(access.teamId);
        return { ...(await paymentDetails.change(access.teamId, details, admin.name)), editable: 'yes' as const };
      },
    },
    s.http,
  );
}
