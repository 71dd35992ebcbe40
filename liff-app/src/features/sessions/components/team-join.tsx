import type { SessionDetail } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinTeam } from '../api/join-team';
import { sessionKeys } from '../api/keys';

interface TeamJoinProps {
  session: SessionDetail;
  /** `bar`: the action bar of a team-only session, in place of the reserve button. */
  variant: 'inline' | 'bar';
}

/**
 * The caller's membership of the session's team (README, Decisions: join rules): a join
 * button, "request sent" while an approval is pending, a member mark, nothing when blocked.
 */
export function TeamJoin({ session, variant }: TeamJoinProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const membership = session.team?.membership;
  if (!membership || membership === 'blocked') return null;
  if (membership === 'member') {
    return variant === 'inline' ? (
      <span className="badge badge--muted" data-testid="team-member">
        {t('team.member')}
      </span>
    ) : null;
  }
  if (membership === 'pending') {
    return (
      <span
        className={variant === 'bar' ? 'button button--disabled action-bar__button' : 'badge badge--muted'}
        data-testid="team-request-sent"
      >
        {t('team.requestSent')}
      </span>
    );
  }

  const join = async () => {
    setBusy(true);
    try {
      const result = await withLightLoading(() => joinTeam(session.teamId));
      const pending = result.membership === 'pending';
      notify({
        level: 'success',
        title: t(pending ? 'team.requestedTitle' : 'team.joinedTitle'),
        message: t(pending ? 'team.requestedMessage' : 'team.joinedMessage', { team: session.teamName }),
      });
    } catch (error) {
      notify({ level: 'error', title: t('team.failedTitle'), message: errorMessage(error) });
    } finally {
      setBusy(false);
      await Promise.all([invalidateQueries(sessionKeys.detail(session.id, true)), invalidateQueries(sessionKeys.all)]);
    }
  };

  return (
    <button
      type="button"
      className={
        variant === 'bar' ? 'button button--primary action-bar__button' : 'button button--outline button--small'
      }
      onClick={join}
      disabled={busy}
      data-testid="team-join"
    >
      {variant === 'bar' ? t('team.membersOnlyJoin', { team: session.teamName }) : t('team.join')}
    </button>
  );
}
