import type { AdminParticipant } from '@shuttle/shared';
import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { useSessionMembers } from '../api/get-session-member';
import { removePlayer } from '../api/remove-player';
import { sessionChanged } from '../model/cache';

interface PersonProps {
  player: AdminParticipant;
  waiting: boolean;
  onRemove?: (player: AdminParticipant) => void;
}

function Person({ player, waiting, onRemove }: PersonProps) {
  const { t } = useTranslation();
  return (
    <li className="person" data-testid={waiting ? 'waiting-player' : 'accepted-player'}>
      {waiting && <span className="person__position">#{player.position}</span>}
      <Avatar src={player.pictureUrl} name={player.name} size={32} />
      <span className="person__name">{player.name}</span>
      {player.partySize > 1 && (
        <span className="badge badge--muted">{t('detail.party', { count: player.partySize })}</span>
      )}
      {player.walkIn && <span className="badge badge--muted">{t('detail.walkIn')}</span>}
      {player.attendance && (
        <span className={`badge badge--${player.attendance}`}>{t(`attendance.${player.attendance}`)}</span>
      )}
      {onRemove && !player.attendance && (
        <button
          type="button"
          className="button button--ghost button--small person__remove"
          onClick={() => onRemove(player)}
          aria-label={t('detail.removeLabel', { name: player.name })}
          data-testid="remove-player"
        >
          {t('detail.remove')}
        </button>
      )}
    </li>
  );
}

/** Accepted players and the waitlist in order, each with a count; players can be removed. */
export function ParticipantsPanel({ sessionId, editable = true }: { sessionId: string; editable?: boolean }) {
  const { t } = useTranslation();
  const members = useSessionMembers(sessionId);
  const { busy, run } = useAction();
  const [removing, setRemoving] = useState<AdminParticipant | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    const result = await run(() => removePlayer(sessionId, removing.userId));
    setRemoving(null);
    if (!result) return;
    sessionChanged(result.session);
    notify({
      level: 'success',
      title: t('detail.removed'),
      message: result.promoted ? t('detail.removedPromoted') : t('detail.removedText'),
    });
  };
  const onRemove = editable ? setRemoving : undefined;

  return (
    <section className="panel" aria-labelledby="participants-title" data-testid="participants">
      <h2 className="panel__title" id="participants-title">
        {t('detail.participants')}
      </h2>
      <QueryView query={members}>
        {(data) => (
          <div className="participants">
            <div>
              <h3 className="participants__title">
                {t('detail.accepted')}
                <span className="count-pill">
                  {data.acceptedCount} / {data.capacity}
                </span>
              </h3>
              {data.accepted.length === 0 ? (
                <p className="panel__empty">{t('detail.noneAccepted')}</p>
              ) : (
                <ul className="people">
                  {data.accepted.map((p) => (
                    <Person key={p.userId} player={p} waiting={false} onRemove={onRemove} />
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h3 className="participants__title">
                {t('detail.waiting')}
                <span className="count-pill">{data.waitingCount}</span>
              </h3>
              {data.waiting.length === 0 ? (
                <p className="panel__empty">{t('detail.noneWaiting')}</p>
              ) : (
                <ol className="people">
                  {data.waiting.map((p) => (
                    <Person key={p.userId} player={p} waiting onRemove={onRemove} />
                  ))}
                </ol>
              )}
            </div>
          </div>
        )}
      </QueryView>
      <ConfirmDialog
        open={removing !== null}
        title={t('detail.removeTitle')}
        confirmLabel={t('detail.removeConfirm')}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        tone="danger"
        busy={busy}
        testId="remove-dialog"
      >
        <p>{t('detail.removeText', { name: removing?.name ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
