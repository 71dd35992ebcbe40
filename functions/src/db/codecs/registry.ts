import type { ReadCodec } from '../codec.ts';
import { idempotencyCodec } from '../idempotency.ts';
import { rateCounterCodec } from '../rate-counters.ts';
import { adminCodec, adminEmailCodeCodec, adminEmailCodec, loginGuardCodec, passwordResetCodec } from './admin.ts';
import { signupJobCodec } from './jobs.ts';
import { lineWebhookEventCodec, serviceTokenCodec } from './line.ts';
import { outboxCodec } from './outbox.ts';
import { creditCodec, passCodec, settlementCodec, shuttleStockCodec } from './payments.ts';
import {
  calendarFeedCodec,
  calendarFeedPointerCodec,
  codeTriesCodec,
  deletedLoginCodec,
  emailClaimCodec,
  emailCodeCodec,
  userCodec,
} from './players.ts';
import { ratingCodec } from './ratings.ts';
import {
  rotationAddressSocketCodec,
  rotationCodec,
  rotationScreenCodec,
  rotationSocketCodec,
  rotationSocketOwnerCodec,
  rotationViewerSocketCodec,
} from './rotation.ts';
import { bookingCodec, selfCheckInCodec, sessionCodec } from './sessions.ts';
import {
  inviteCodec,
  joinRequestCodec,
  lineBindCodeCodec,
  lineGroupCodec,
  linePushDayCodec,
  lineUsageCodec,
  memberCodec,
  teamAdminCodec,
  teamCodec,
  teamLineBindCodeCodec,
  teamPlayedCodec,
  teamQuotaCodec,
  venueCodec,
} from './teams.ts';

/**
 * Every item type of the table (TABLE.md, "Items") by its codec: what a whole-table check (the
 * codec audit test, a migration) uses to find the codec of any item (`codec.is`).
 */
export const ITEM_CODECS: readonly ReadCodec<unknown>[] = [
  userCodec,
  emailCodeCodec,
  emailClaimCodec,
  deletedLoginCodec,
  codeTriesCodec,
  calendarFeedCodec,
  calendarFeedPointerCodec,
  ratingCodec,
  serviceTokenCodec,
  teamCodec,
  memberCodec,
  joinRequestCodec,
  teamPlayedCodec,
  venueCodec,
  teamAdminCodec,
  inviteCodec,
  teamQuotaCodec,
  lineUsageCodec,
  linePushDayCodec,
  lineBindCodeCodec,
  teamLineBindCodeCodec,
  lineGroupCodec,
  passCodec,
  creditCodec,
  shuttleStockCodec,
  sessionCodec,
  bookingCodec,
  selfCheckInCodec,
  settlementCodec,
  rotationCodec,
  rotationScreenCodec,
  rotationSocketCodec,
  rotationViewerSocketCodec,
  rotationAddressSocketCodec,
  rotationSocketOwnerCodec,
  idempotencyCodec,
  outboxCodec,
  lineWebhookEventCodec,
  signupJobCodec,
  rateCounterCodec,
  adminCodec,
  adminEmailCodec,
  loginGuardCodec,
  passwordResetCodec,
  adminEmailCodeCodec,
];
