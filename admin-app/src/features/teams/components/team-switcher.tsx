import { CheckIcon, ChevronDownIcon, PlusIcon, TeamIcon } from '@shuttle/shared/web/icons.tsx';
import { resetQueries } from '@shuttle/shared/web/query.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAction } from '@/hooks/use-action';
import { acceptLogin, useAuth } from '@/lib/auth';
import { useTeamList } from '../api/get-team-list';
import { updateCurrentTeam } from '../api/update-current-team';

// The create-team form checks its fields with the shared contract (zod): a chunk of its own,
// loaded when the dialog opens, not on every screen's first paint (docs/PLAYER-EXPERIENCE.md, "Speed").
// The dialog too, with its focus trap: it comes with its first opening, not with every first screen.
const Dialog = lazy(() => import('@shuttle/shared/web/dialog.tsx').then((m) => ({ default: m.Dialog })));
const CreateTeamForm = lazy(() => import('./create-team-form').then((m) => ({ default: m.CreateTeamForm })));

/**
 * The current team, and the others the admin runs. Switching returns a fresh token; every
 * cached screen belonged to the old team, so the cache is dropped and the board reopens.
 */
export function TeamSwitcher({ refreshProfile }: { refreshProfile: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile } = useAuth();
  const teams = useTeamList();
  const { busy, run } = useAction();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const current = teams.data?.find((team) => team.team_id === profile?.currentTeamId);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const switchTo = async (teamId: string, teamName: string) => {
    setOpen(false);
    if (teamId === profile?.currentTeamId) return;
    const result = await run(() => updateCurrentTeam(teamId));
    if (!result) return;
    acceptLogin(result);
    navigate('/');
    void resetQueries();
    notify({ level: 'success', title: t('teams.switchedTitle'), message: t('teams.switched', { team: teamName }) });
  };

  const created = async (team: { team_id: string; team_name: string }) => {
    setCreating(false);
    await refreshProfile();
    navigate('/');
    void resetQueries();
    notify({ level: 'success', title: t('teams.createdTitle'), message: t('teams.created', { team: team.team_name }) });
  };

  return (
    <div className="team-switcher" ref={root}>
      <button
        type="button"
        className="team-switcher__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        disabled={busy}
        data-testid="team-switcher"
      >
        <TeamIcon size={18} />
        <span className="team-switcher__text">
          <span className="team-switcher__label">{t('teams.current')}</span>
          <span className="team-switcher__name" data-testid="current-team">
            {current?.team_name ?? '…'}
          </span>
        </span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div className="popover" id={menuId}>
          <p className="popover__title">{t('teams.switcher')}</p>
          <ul className="popover__list">
            {(teams.data ?? []).map((team) => (
              <li key={team.team_id}>
                <button
                  type="button"
                  className="popover__item"
                  aria-current={team.team_id === profile?.currentTeamId ? 'true' : undefined}
                  onClick={() => void switchTo(team.team_id, team.team_name)}
                  data-testid="team-option"
                  data-team-id={team.team_id}
                >
                  <span className="popover__item-text">
                    <span className="popover__item-name">{team.team_name}</span>
                    <span className="popover__item-meta">
                      {t(`account.role.${team.role}`)} · {t('teams.members', { count: team.amount_of_member })}
                    </span>
                  </span>
                  {team.team_id === profile?.currentTeamId && <CheckIcon size={18} />}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="popover__item popover__item--action"
            onClick={() => {
              setOpen(false);
              setCreating(true);
            }}
          >
            <PlusIcon size={18} />
            {t('teams.create')}
          </button>
        </div>
      )}
      {creating && (
        <Suspense fallback={null}>
          <Dialog open title={t('teams.createTitle')} onClose={() => setCreating(false)} variant="wide">
            <Suspense fallback={null}>
              <CreateTeamForm onCreated={created} />
            </Suspense>
          </Dialog>
        </Suspense>
      )}
    </div>
  );
}
