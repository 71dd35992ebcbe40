import { payment } from './entities.ts';
import * as p from './payments.ts';
import { route } from './routes.ts';

/** Admin calls of money and attendance (docs/MONEY.md), under `/api/admin/`; spread into `adminRoutes`. */
export const paymentAdminRoutes = {
  'payments/markPaid': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'Record that an accepted booking is paid (method, amount, optional reference); idempotent: a paid booking keeps its first payment',
    request: p.markPaidRequest,
    response: p.paymentResult,
  }),
  'payments/markUnpaid': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Undo a payment or a waiver: the booking owes its amount again (a pass credit it used is given back)',
    request: p.markUnpaidRequest,
    response: p.paymentResult,
  }),
  'payments/waive': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Let an accepted booking off paying',
    request: p.markUnpaidRequest,
    response: p.paymentResult,
  }),
  'payments/getOutstanding': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Who owes what: accepted unpaid bookings of the last 90 and next 60 days, oldest first',
    request: p.outstandingRequest,
    response: p.outstanding,
  }),
  'payments/usePass': route({
    method: 'POST',
    auth: 'admin',
    summary: "Settle an accepted booking with the player's season pass (one credit, or inside its dates)",
    request: p.usePassRequest,
    response: p.paymentResult,
  }),
  'passes/sell': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Sell a season pass (N sessions or a date range, price) to a member',
    request: p.sellPassRequest,
    response: p.pass,
    idempotent: true,
  }),
  'passes/update': route({
    method: 'POST',
    auth: 'admin',
    summary: "Move a season pass's start date (on or before its last date)",
    request: p.updatePassRequest,
    response: p.pass,
  }),
  'passes/list': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's passes still valid today or later",
    request: p.teamPassesRequest,
    response: p.passList,
  }),
  'noShow/getRule': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's no-show rule: noShowLimit (0: off), noShowWindowDays, noShowPenaltyDays",
    request: p.noShowRuleRequest,
    response: p.noShowRule,
  }),
  'noShow/updateRule': route({
    method: 'POST',
    auth: 'admin',
    summary: "Set the team's no-show rule",
    request: p.updateNoShowRuleRequest,
    response: p.noShowRule,
  }),
  'noShow/suspensions': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Members whose booking is suspended now, and until when',
    request: p.noShowRuleRequest,
    response: p.suspensionList,
  }),
  'noShow/liftSuspension': route({
    method: 'POST',
    auth: 'admin',
    summary: "Lift a member's suspension at once",
    request: p.liftSuspensionRequest,
    response: p.suspensionList,
  }),
  'reports/payments': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Money of a Taipei month from payments: paid, outstanding, waived, pass sales',
    request: p.paymentReportRequest,
    response: p.paymentReport,
  }),
  'reports/exportCsv': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'A Taipei month as CSV (revenue, attendance or members): text/csv; charset=utf-8 with a UTF-8 BOM and a header row',
    request: p.exportCsvRequest,
    response: p.csvText,
    produces: 'text/csv',
  }),
} as const;

/** Member calls of money and levels, under `/api/`; spread into `memberRoutes`. */
export const paymentMemberRoutes = {
  'checkState/payments/reportTransfer': route({
    method: 'POST',
    auth: 'member',
    summary: 'Tell the team "I transferred" with a reference (e.g. the last 5 digits); the admin confirms',
    request: p.reportTransferRequest,
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
