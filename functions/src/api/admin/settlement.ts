import { adminRoutes } from '@shuttle/shared';
import type { AdminAccounts } from '#admin-accounts/repository.ts';
import { moneySettingsAccess, type TeamScope } from '#admin-accounts/team-scope.ts';
import type { PaymentDetailsStore } from '#payments/payment-details.ts';
import { boardCourtsOf, incomeOfSession, stockView } from '#payments/settlement.ts';
import type { SettlementRepository } from '#payments/settlement-repository.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import { monthSpan } from '#reports/revenue.ts';
import type { RotationRepository } from '#rotation/repository.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';

export interface SettlementRouteDeps {
  settlements: SettlementRepository;
  scope: TeamScope;
  sessions: SessionRepository;
  /** The session's rotation board: the courts it used are the settlement's default (docs/ON-COURT.md). */
  boards: Pick<RotationRepository, 'get'>;
  accounts: Pick<AdminAccounts, 'require' | 'identity'>;
  paymentDetails: PaymentDetailsStore;
  /** Counts a notice-producing call against its team's `teamNotices` bucket (app/limits.ts). */
  teamNotices: (teamId: string) => Promise<void>;
  http: ContractAppOptions;
}

/** The night's settlement, shuttle stock and payment details (docs/ON-COURT.md, "Settlement", "Where to pay"). */
export function settlementRoutes(s: SettlementRouteDeps) {
  const { settlements, paymentDetails } = s;

  /** How many courts the session's board used (GetItem of the board); undefined without one. */
  const boardCourts = async (session: SessionRecord) => {
    const board = await s.boards.get(session.id);
    return boardCourtsOf(board ? board.state : null);
  };

  /** The settlement with the session's bookings read consistently (check-in marks and payments just made). */
  const current = async (session: SessionRecord) => {
    const [bookings, record, stock, courts] = await Promise.all([
      s.sessions.bookings(session.id),
      settlements.record(session.id),
      settlements.stock(session.teamId),
      boardCourts(session),
    ]);
    return settlements.view(session, bookings, record, stock, courts);
  };

  /** The month's closed settlements, each with its income from the payments now (one Query per session). */
  const month = async (teamId: string, m: string) => {
    const { from, to } = monthSpan(m);
    const records = await settlements.closedIn(teamId, from, to);
    const sessions = await s.sessions.getMany(records.map((r) => r.sessionId));
    const rows = await s.sessions.withBookings([...sessions.values()]);
    const income = new Map(
      rows.map(({ session, bookings }) => [session.id, incomeOfSession(session, bookings).income]),
    );
    const lines = records.map((r) => {
      const taken = income.get(r.sessionId) ?? r.closed.income;
      const costs = r.closed.costs.total;
      return {
        sessionId: r.sessionId,
        title: r.title,
        startsAt: r.startsAt,
        costs,
        income: taken,
        balance: taken - costs,
        closedAt: r.closedAt ?? r.closed.closedAt ?? r.updatedAt,
      };
    });
    const total = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((a, line) => a + pick(line), 0);
    return {
      month: m,
      sessions: lines,
      total: { costs: total((l) => l.costs), income: total((l) => l.income), balance: total((l) => l.balance) },
    };
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
      'settlement/close': async ({ early }, { admin, refs }) => {
        const session = refs.sessionId;
        const closing = { by: admin.name, early, boardCourts: await boardCourts(session) };
        return (await settlements.close(session, () => s.sessions.bookings(session.id), closing)).settlement;
      },
      // The team's owner only (docs/ON-COURT.md, "Settlement"): the link's role, read again strongly.
      'settlement/reopen': async (_, { admin, refs }) => {
        const session = refs.sessionId;
        const access = await s.scope.requireTeam(admin, session.teamId);
        if (access.role !== 'owner') throw new DomainError('OWNER_ONLY');
        const by = { name: admin.name, adminId: admin.adminId };
        return settlements.reopen(session, () => s.sessions.bookings(session.id), by);
      },
      'settlement/month': async ({ month: m }, { refs }) => month(refs.teamId.teamId, m),

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
