import type { RotationAdminPlayer, RotationPlayerState } from '@shuttle/shared';
import { Dialog } from '@shuttle/shared/web/dialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueOrder } from '../model/board-view';

const STATES: RotationPlayerState[] = ['ready', 'resting', 'gone'];

/** A walk-in without a LINE login (docs/ON-COURT.md, "Rotation"): cannot act as helper. */
const isGuest = (userId: string) => userId.startsWith('guest_');

export interface PlayerActions {
  onSetState: (player: RotationAdminPlayer, state: RotationPlayerState) => void;
  onMoveUp: (player: RotationAdminPlayer) => void;
  /** `partner` null releases the player's fixed pair. */
  onLockPair: (player: RotationAdminPlayer, partner: RotationAdminPlayer | null) => void;
  /** `helper` null removes the session's helper. */
  onSetHelper: (helper: RotationAdminPlayer | null) => void;
}

/**
 * The sheet a tapped player opens (docs/ON-COURT.md, "Rotation"): ready, resting or gone;
 * 往前移 (to the front of the queue); 固定搭檔 (pick the partner from the board's other players,
 * or release the pair); 設為小幫手 (the session's helper, or remove them). Buttons stacked full
 * width, in reach of a thumb at 390 px.
 */
export function PlayerSheet({
  player,
  players,
  helperUserId,
  busy,
  onClose,
  ...actions
}: PlayerActions & {
  player: RotationAdminPlayer | null;
  players: RotationAdminPlayer[];
  helperUserId: string | null;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [pairing, setPairing] = useState(false);
  const close = () => {
    setPairing(false);
    onClose();
  };
  const act = (task: () => void) => () => {
    task();
    close();
  };
  const partner = player?.lockedWith ? players.find((p) => p.playerId === player.lockedWith) : undefined;
  const candidates = player
    ? queueOrder(players).filter((p) => p.playerId !== player.playerId && p.state !== 'gone')
    : [];
  const isHelper = player != null && helperUserId === player.userId;

  return (
    <Dialog
      open={player !== null}
      title={player ? t(pairing ? 'rotation.pairTitle' : 'rotation.playerTitle', { name: player.name }) : ''}
      onClose={close}
      variant="sheet"
      testId="player-sheet"
    >
      {player && pairing && (
        <div className="button-stack" data-testid="pair-choices">
          {candidates.length === 0 && <p className="panel__empty">{t('rotation.noPartner')}</p>}
          {candidates.map((p) => (
            <button
              key={p.playerId}
              type="button"
              className="button button--outline button--block"
              disabled={busy}
              onClick={act(() => actions.onLockPair(player, p))}
              data-testid="pair-with"
              data-user-id={p.userId}
            >
              {p.name}
            </button>
          ))}
          <button type="button" className="button button--ghost button--block" onClick={() => setPairing(false)}>
            {t('common.back')}
          </button>
        </div>
      )}
      {player && !pairing && (
        <div className="button-stack">
          {STATES.map((state) => (
            <button
              key={state}
              type="button"
              className={`button button--block ${state === 'gone' ? 'button--danger-outline' : 'button--outline'}`}
              aria-pressed={player.state === state}
              disabled={busy || player.state === state}
              onClick={act(() => actions.onSetState(player, state))}
              data-testid={`set-${state}`}
            >
              {t(`rotation.setStates.${state}`)}
            </button>
          ))}
          {player.queuePosition != null && player.queuePosition > 1 && (
            <button
              type="button"
              className="button button--outline button--block"
              disabled={busy}
              onClick={act(() => actions.onMoveUp(player))}
              data-testid="move-up"
            >
              {t('rotation.moveUp')}
            </button>
          )}
          {partner ? (
            <button
              type="button"
              className="button button--outline button--block"
              disabled={busy}
              onClick={act(() => actions.onLockPair(player, null))}
              data-testid="release-pair"
            >
              {t('rotation.releasePair', { name: partner.name })}
            </button>
          ) : (
            player.state !== 'gone' && (
              <button
                type="button"
                className="button button--outline button--block"
                disabled={busy}
                onClick={() => setPairing(true)}
                data-testid="lock-pair"
              >
                {t('rotation.lockPair')}
              </button>
            )
          )}
          {!isGuest(player.userId) && (
            <button
              type="button"
              className="button button--outline button--block"
              disabled={busy}
              onClick={act(() => actions.onSetHelper(isHelper ? null : player))}
              data-testid={isHelper ? 'remove-helper' : 'set-helper'}
            >
              {t(isHelper ? 'rotation.removeHelper' : 'rotation.setHelper')}
            </button>
          )}
        </div>
      )}
    </Dialog>
  );
}
