import type { Language, PaymentDetails } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import type { TeamAlertRecord } from '#outbox/model.ts';
import type { EmailMessage, EmailSender } from '#platform/email.ts';
import type { TeamOwners } from '#teams/owners.ts';
import { type TeamRecord, type TeamRepository, teamLanguageOf } from '#teams/repository.ts';

/**
 * Delivers an alert to a team's owners: an email to each owner, in the team's language, that
 * another team's code was sent in the team's bound group (`groupBindRefused`) or that where
 * players pay changed (`paymentDetailsChanged`). Returns the addresses written to (none: skip),
 * or a reason to skip; a failing send throws, so the dispatcher retries the record.
 */
export async function sendTeamAlert(
  deps: { teams: Pick<TeamRepository, 'get'>; owners: Pick<TeamOwners, 'emails'>; mailer: EmailSender },
  record: TeamAlertRecord,
): Promise<{ sent: string[] } | { skipped: string }> {
  const team = record.teamId ? await deps.teams.get(record.teamId) : null;
  if (!team) return { skipped: 'team no longer exists' };
  const emails = await deps.owners.emails(team.id);
  if (emails.length === 0) return { skipped: 'no owner has an email' };
  const language = teamLanguageOf(team);
  const message =
    record.kind === 'paymentDetailsChanged'
      ? paymentDetailsNotice(language, team, record)
      : groupBindingNotice(language, team, record.otherTeamName ?? '');
  for (const to of emails) await deps.mailer.send({ to, ...message });
  return { sent: emails };
}

type Notice = Omit<EmailMessage, 'to'>;

function groupBindingNotice(language: Language, team: TeamRecord, other: string): Notice {
  const wide = language === 'zh-TW' || language === 'ja';
  const group = team.lineGroupName ? (wide ? `「${team.lineGroupName}」` : ` (${team.lineGroupName})`) : '';
  const vars = { team: team.name, other, group };
  return {
    subject: translate(language, 'notifications', 'groupBinding.emailSubject', vars),
    text: translate(language, 'notifications', 'groupBinding.emailBody', vars),
  };
}

/** One line per way to pay that changed: "LINE Pay link: <old> → <new>" (docs/MONEY.md). */
function paymentDetailsNotice(
  language: Language,
  team: TeamRecord,
  change: { before?: PaymentDetails; after?: PaymentDetails; changedBy?: string },
): Notice {
  const t = (path: string, vars?: Record<string, string>) =>
    translate(language, 'notifications', `paymentDetails.${path}`, vars);
  const none = t('none');
  const ways = (d: PaymentDetails | undefined) => ({
    bank: d?.bankAccount ? `${d.bankCode} ${d.bankAccount}` : none,
    accountName: d?.accountName || none,
    linePay: d?.linePayUrl || none,
    jkoPay: d?.jkoPayUrl || none,
  });
  const [before, after] = [ways(change.before), ways(change.after)];
  const changes = (Object.keys(after) as (keyof typeof after)[])
    .filter((way) => before[way] !== after[way])
    .map((way) => t('change', { field: t(`fields.${way}`), before: before[way], after: after[way] }))
    .join('\n');
  const vars = { team: team.name, name: change.changedBy ?? '', changes };
  return { subject: t('emailSubject', vars), text: t('emailBody', vars) };
}
