import type { AdminParticipant } from '@shuttle/shared';
import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { useSessionMembers } from '../api/get-session-member';
import { removePlayer } from '../api/remove-player';
import { sessionChanged } from '../model/cache';

/** Which list a player is in: fair sign-up adds lottery entries and held places (docs/FAIR-SIGNUP.md). */
type ListKind = 'accepted' | 'waiting' | 'entered' | 'offered';

interface PersonProps {
  player: AdminParticipant;
  kind: ListKind;
  onRemove?: (player: AdminParticipant) => void;
}

function Person({ player, kind, onRemove }: PersonProps) {
  const { t } = useTranslation();
  return (
    <li className="person" data-testid={`${kind}-player`}>
      {kind === 'waiting' && <span className="person__position">#{player.position}</span>}
      <Avatar src={player.pictureUrl} name={player.name} size={32} />
      <span className="person__name">
        {player.name}
        {/* Under the name, so the row keeps its width on a 390 px screen. */}
        {kind === 'offered' && player.offerExpiresAt && (
          <>
            <br />
            <span className="field__hint" data-testid="offer-until">
              {t('fairParticipants.until', { time: formatDateTime(player.offerExpiresAt) })}
            </span>
          </>
        )}
      </span>
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

/** Held places (with their expiry) or lottery entries (in arrival order), apart from the confirmed and waiting. */
function FairList({
  kind,
  players,
  onRemove,
}: {
  kind: 'entered' | 'offered';
  players: AdminParticipant[];
  onRemove?: (player: AdminParticipant) => void;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={`${kind}-list`}>
      <h3 className="participants__title">
        {t(`fairParticipants.${kind}`)}
        <span className="count-pill">{players.length}</span>
      </h3>
      <p className="field__hint">{t(`fairParticipants.${kind}Hint`)}</p>
      <ul className="people">
        {players.map((p) => (
          <Person key={p.userId} player={p} kind={kind} onRemove={onRemove} />
        ))}
      </ul>
    </div>
  );
}

/**
 * Accepted players and the waitlist in order, each with a count, and (fair sign-up) the places
 * held by offers and the lottery's entries; players can be removed.
 */
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
                    <Person key={p.userId} player={p} kind="accepted" onRemove={onRemove} />
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
                    <Person key={p.userId} player={p} kind="waiting" onRemove={onRemove} />
                  ))}
                </ol>
              )}
            </div>
            {data.offered.length > 0 && <FairList kind="offered" players={data.offered} onRemove={onRemove} />}
            {data.entered.length > 0 && <FairList kind="entered" players={data.entered} onRemove={onRemove} />}
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
