import { payment } from './entities.ts';
import * as p from './payments.ts';
import { route } from './routes.ts';

/** Admin calls of money and attendance (docs/MONEY.md), under `/api/admin/`; spread into `adminRoutes`. */
export const paymentAdminRoutes = {
  'payments/markPaid': route({
    method: 'POST',
    auth: 'admin',
    summary:
      "Record that an accepted booking is paid (method, amount, optional reference, optional credit taken from the player's credit); idempotent: a paid booking keeps its first payment",
    request: p.markPaidRequest,
    refs: { sessionId: 'teamSession', userId: 'sessionPlayer' },
    response: p.paymentResult,
  }),
  'payments/markUnpaid': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Undo a payment or a waiver: the booking owes its amount again (a pass credit it used is given back)',
    request: p.markUnpaidRequest,
    refs: { sessionId: 'teamSession', userId: 'sessionPlayer' },
    response: p.paymentResult,
  }),
  'payments/waive': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Let an accepted booking off paying',
    request: p.markUnpaidRequest,
    refs: { sessionId: 'teamSession', userId: 'sessionPlayer' },
    response: p.paymentResult,
  }),
  'payments/settleRefund': route({
    method: 'POST',
    auth: 'admin',
    summary:
      "Settle what a player paid above their per-head share: given back (as: refunded) or kept as the player's credit for a later session (as: credit). 409 NO_REFUND_DUE when nothing is due",
    request: p.settleRefundRequest,
    refs: { sessionId: 'teamSession', userId: 'sessionPlayer' },
    response: p.paymentResult,
  }),
  'payments/credits': route({
    method: 'POST',
    auth: 'admin',
    summary: "Players' credit with the team (refunds kept for later sessions), above zero",
    request: p.teamCreditsRequest,
    refs: { teamId: 'team' },
    response: p.teamCredits,
  }),
  'payments/getOutstanding': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'Who owes what: accepted unpaid bookings of the last 90 and next 60 days, oldest first, and the refunds due in them',
    request: p.outstandingRequest,
    refs: { teamId: 'team' },
    response: p.outstanding,
  }),
  'payments/usePass': route({
    method: 'POST',
    auth: 'admin',
    summary: "Settle an accepted booking with the player's season pass (one credit, or inside its dates)",
    request: p.usePassRequest,
    refs: { sessionId: 'teamSession', userId: 'sessionPlayer', passId: 'teamPass' },
    response: p.paymentResult,
  }),
  'passes/sell': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Sell a season pass (N sessions or a date range, price) to a member',
    request: p.sellPassRequest,
    refs: { teamId: 'team', userId: 'teamMember' },
    response: p.pass,
    idempotent: true,
  }),
  'passes/update': route({
    method: 'POST',
    auth: 'admin',
    summary: "Move a season pass's start date (on or before its last date)",
    request: p.updatePassRequest,
    refs: { teamId: 'team', passId: 'teamPass' },
    response: p.pass,
  }),
  'passes/list': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's passes still valid today or later",
    request: p.teamPassesRequest,
    refs: { teamId: 'team' },
    response: p.passList,
  }),
  'noShow/getRule': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's no-show rule: noShowLimit (0: off), noShowWindowDays, noShowPenaltyDays",
    request: p.noShowRuleRequest,
    refs: { teamId: 'team' },
    response: p.noShowRule,
  }),
  'noShow/updateRule': route({
    method: 'POST',
    auth: 'admin',
    summary: "Set the team's no-show rule",
    request: p.updateNoShowRuleRequest,
    refs: { teamId: 'team' },
    response: p.noShowRule,
  }),
  'noShow/suspensions': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Members whose booking is suspended now, and until when',
    request: p.noShowRuleRequest,
    refs: { teamId: 'team' },
    response: p.suspensionList,
  }),
  'noShow/liftSuspension': route({
    method: 'POST',
    auth: 'admin',
    summary: "Lift a member's suspension at once",
    request: p.liftSuspensionRequest,
    refs: { teamId: 'team', userId: 'teamMember' },
    response: p.suspensionList,
  }),
  'reports/payments': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Money of a Taipei month from payments: paid, outstanding, waived, pass sales',
    request: p.paymentReportRequest,
    refs: { teamId: 'team' },
    response: p.paymentReport,
  }),
  'reports/exportCsv': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'A Taipei month as CSV (revenue, attendance or members): text/csv; charset=utf-8 with a UTF-8 BOM and a header row',
    request: p.exportCsvRequest,
    refs: { teamId: 'team' },
    response: p.csvText,
    produces: 'text/csv',
  }),
} as const;

/** Member calls of money and levels, under `/api/`; spread into `memberRoutes`. */
export const paymentMemberRoutes = {
  'checkState/payments/reportTransfer': route({
    method: 'POST',
    auth: 'member',
    summary:
      'Tell the team "I transferred" with the last 5 digits of the paying account (exactly 5 digits); can be corrected until the admin confirms it',
    request: p.reportTransferRequest,
    refs: { sessionId: 'ownBooking' },
    response: payment,
  }),
  'checkState/passes/mine': route({
    method: 'POST',
    auth: 'member',
    summary: "The player's season passes still valid, with remaining credits",
    request: p.myPassesRequest,
    response: p.passList,
  }),
  'checkState/noShow/mySuspension': route({
    method: 'POST',
    auth: 'member',
    summary: "Whether the player's bookings with a team are suspended by its no-show rule, and until when",
    request: p.mySuspensionRequest,
    refs: { teamId: 'existingTeam' },
    response: p.mySuspension,
  }),
  'checkState/setting/getLevel': route({
    method: 'POST',
    auth: 'member',
    summary: "The player's self-assessed level (null until set)",
    request: p.myPassesRequest,
    response: p.levelResult,
  }),
  'checkState/setting/level': route({
    method: 'POST',
    auth: 'member',
    summary: 'Set (or clear) the self-assessed level, 1-18',
    request: p.levelRequest,
    response: p.levelResult,
  }),
  'checkState/history/exportCsv': route({
    method: 'POST',
    auth: 'member',
    summary: "The player's bookings of the last year as CSV (UTF-8 with a BOM and a header row)",
    request: p.myHistoryCsvRequest,
    response: p.csvText,
    produces: 'text/csv',
  }),
} as const;
