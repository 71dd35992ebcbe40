import { translate } from '@shuttle/shared/i18n/notifications';
import type { Store } from '#db/client.ts';
import type { TeamAlertRecord } from '#outbox/model.ts';
import type { EmailSender } from '#platform/email.ts';
import { TeamOwners } from '#teams/owners.ts';
import { TeamRepository, teamLanguageOf } from '#teams/repository.ts';

/**
 * Delivers a `groupBindRefused` alert: an email to each owner of the team whose bound group saw
 * another team's code, in the team's language. Returns the addresses written to (none: skip),
 * or a reason to skip; a failing send throws, so the dispatcher retries the record.
 */
export async function sendTeamAlert(
  deps: { store: Store; mailer: EmailSender },
  record: TeamAlertRecord,
): Promise<{ sent: string[] } | { skipped: string }> {
  const team = record.teamId ? await new TeamRepository(deps.store).get(record.teamId) : null;
  if (!team) return { skipped: 'team no longer exists' };
  const emails = await new TeamOwners(deps.store).emails(team.id);
  if (emails.length === 0) return { skipped: 'no owner has an email' };
  const language = teamLanguageOf(team);
  const wide = language === 'zh-TW' || language === 'ja';
  const group = team.lineGroupName ? (wide ? `「${team.lineGroupName}」` : ` (${team.lineGroupName})`) : '';
  const vars = { team: team.name, other: record.otherTeamName ?? '', group };
  for (const to of emails) {
    await deps.mailer.send({
      to,
      subject: translate(language, 'notifications', 'groupBinding.emailSubject', vars),
      text: translate(language, 'notifications', 'groupBinding.emailBody', vars),
    });
  }
  return { sent: emails };
}
