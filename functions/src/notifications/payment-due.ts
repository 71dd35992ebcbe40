import { bankName, bankOf, DEFAULT_LANGUAGE, hasPaymentDetails, type Language, owes, paymentOf } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { TeamRepository } from '#teams/repository.ts';

/**
 * The reminder's payment lines (docs/ON-COURT.md, "Where to pay"): for a player whose booking
 * owes money and whose team gave a way to pay, the amount (`paymentOf`: the per-head share once
 * the night is settled) and where to pay (bank, 戶名, account, links), and that the last 5 digits
 * of a transfer are reported on the session page. Two GetItems (booking, team).
 */
export async function paymentDueLines(
  deps: { sessions: Pick<SessionRepository, 'booking'>; teams: Pick<TeamRepository, 'get'> },
  session: Pick<SessionRecord, 'id' | 'teamId' | 'price'>,
  userId: string,
  language: Language | null,
): Promise<string | undefined> {
  const [booking, team] = await Promise.all([
    deps.sessions.booking(session.id, userId),
    deps.teams.get(session.teamId),
  ]);
  if (booking?.status !== 'accepted') return undefined;
  const payment = paymentOf(session.price, booking);
  const details = team?.paymentDetails;
  if (!owes(payment) || !hasPaymentDetails(details)) return undefined;
  const lang = language ?? DEFAULT_LANGUAGE;
  const t = (path: string, vars?: Record<string, string | number>) =>
    translate(lang, 'notifications', `paymentDue.${path}`, vars);
  return [
    t('owes', { amount: payment.amount }),
    details.bankAccount ? t('bank', { code: bankLabel(details.bankCode, lang), account: details.bankAccount }) : '',
    details.bankAccount && details.accountName ? t('accountName', { name: details.accountName }) : '',
    details.linePayUrl ? t('linePay', { url: details.linePayUrl }) : '',
    details.jkoPayUrl ? t('jkoPay', { url: details.jkoPayUrl }) : '',
    details.bankAccount ? t('report') : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** "812 台新銀行": the code with the bank's name when it is listed (shared/src/domain/banks.ts). */
function bankLabel(code: string, language: Language): string {
  const bank = bankOf(code);
  return bank ? `${code} ${bankName(bank, language)}` : code;
}
