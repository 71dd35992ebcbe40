import type { TeamMembershipState } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinTeam } from '@/lib/join-team';

export interface TeamJoinActionProps {
  teamId: string;
  teamName: string;
  /** The caller's membership as last read. */
  membership: TeamMembershipState;
  /** `bar`: the action bar of a team-only session, in place of the reserve button. */
  variant: 'inline' | 'bar';
  /** After a join attempt, to refresh what the feature shows (its own query keys). */
  onSettled?: () => Promise<unknown> | undefined;
}

/**
 * The caller's membership of a team (docs/DECISIONS.md: join rules): a join button, "request
 * sent" while an approval is pending, a member mark, nothing when blocked. Used wherever the
 * member app shows a team (session detail, history team cards).
 */
export function TeamJoinAction({ teamId, teamName, membership, variant, onSettled }: TeamJoinActionProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<TeamMembershipState | null>(null);
  const shown = joined ?? membership;
  if (shown === 'blocked') return null;
  if (shown === 'member') {
    return variant === 'inline' ? (
      <span className="badge badge--muted" data-testid="team-member">
        {t('team.member')}
      </span>
    ) : null;
  }
  if (shown === 'pending') {
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
      const result = await withLightLoading(() => joinTeam(teamId));
      const pending = result.membership === 'pending';
      setJoined(result.membership);
      notify({
        level: 'success',
        title: t(pending ? 'team.requestedTitle' : 'team.joinedTitle'),
        message: t(pending ? 'team.requestedMessage' : 'team.joinedMessage', { team: teamName }),
      });
    } catch (error) {
      notify({ level: 'error', title: t('team.failedTitle'), message: errorMessage(error) });
    } finally {
      setBusy(false);
      await onSettled?.();
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
      {variant === 'bar' ? t('team.membersOnlyJoin', { team: teamName }) : t('team.join')}
    </button>
  );
}
