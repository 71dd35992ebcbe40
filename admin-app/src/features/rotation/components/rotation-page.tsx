import type { RotationAdminBoard, RotationGame } from '@shuttle/shared';
import { ApiError, errorMessage } from '@shuttle/shared/web/api-error.ts';
import { Dialog } from '@shuttle/shared/web/dialog.tsx';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatDay, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { CourtIcon } from '@shuttle/shared/web/icons.tsx';
import { useLiveBoard } from '@shuttle/shared/web/live-board.ts';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useAction } from '@/hooks/use-action';
import {
  adminBoardSource,
  downloadRotationCsv,
  finishGame,
  lockPair,
  moveUp,
  rotateScreenToken,
  setHelper,
  setPlayerState,
  setupBoard,
  startNext,
  swapNext,
  useRotationSession,
} from '../api/rotation';
import { firstFreeCourt } from '../model/board-view';
import { CourtTile } from './court-tile';
import { FinishDialog } from './finish-dialog';
import { NextGames } from './next-games';
import { QueueList } from './queue-list';
import { ScreenLink } from './screen-link';
import { type BoardSetup, SetupForm } from './setup-form';

/**
 * /admin/rotation?id=…: the session's rotation board (issue 21), opened from check-in. Court
 * tiles with 開始下一場 / 結束, the coming games, the queue (tap a player to rest, leave or come
 * back), the venue-screen link, and 開始下一場 on the first free court in a bar at the bottom of
 * the screen, in reach of a thumb. Live through the shared socket hook.
 */
export function RotationPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const session = useRotationSession(sessionId).data?.session;
  const source = useMemo(() => adminBoardSource(sessionId), [sessionId]);
  const live = useLiveBoard<RotationAdminBoard>(sessionId, source);
  const { busy, run } = useAction();
  const [editing, setEditing] = useState(false);
  const [finishing, setFinishing] = useState<RotationGame | null>(null);
  const board = live.board;
  const notOpen = !board && live.error instanceof ApiError && live.error.code === 'ROTATION_NOT_OPEN';

  /** Shows the board a change answers with; after a refusal (another admin was quicker) reads it again. */
  const change = async (task: () => Promise<{ board: RotationAdminBoard }>) => {
    const result = await run(task);
    if (!result) return live.refresh();
    live.accept(result.board);
  };
  const setup = async (next: BoardSetup) => {
    await change(() => setupBoard(sessionId, next.courts, next.mode, next.rule));
    setEditing(false);
  };

  const defaults: BoardSetup = board
    ? { courts: board.courts.map((c) => c.court), mode: board.mode, rule: board.rule }
    : {
        courts: Array.from({ length: Math.min(Math.max(session?.courts ?? 2, 1), 12) }, (_, i) => i + 1),
        mode: 'doubles',
        rule: 'balanced',
      };
  // The bar starts the first coming game on the court promised to it.
  const freeCourt = board ? (board.next.find((g) => g.court != null)?.court ?? firstFreeCourt(board)) : null;
  const canStart = (board?.next.length ?? 0) > 0;

  return (
    <div className={`page rotation${board ? ' rotation--with-bar' : ''}`} data-testid="rotation">
      <PageHeader
        title={t('rotation.title')}
        description={
          session
            ? `${session.title} · ${formatDay(session.startsAt)} ${formatTimeRange(session.startsAt, session.endsAt)}`
            : undefined
        }
        back={`/signed?id=${sessionId}`}
        actions={
          board && (
            <button type="button" className="button button--outline button--small" onClick={() => setEditing(true)}>
              {t('rotation.editSetup')}
            </button>
          )
        }
      />
      {!board && live.error == null && <Spinner />}
      {!board && live.error != null && !notOpen && (
        <EmptyState icon={<CourtIcon size={28} />} title={errorMessage(live.error)} />
      )}
      {notOpen && (
        <section className="panel" aria-labelledby="rotation-setup-title">
          <h2 className="panel__title" id="rotation-setup-title">
            {t('rotation.setupTitle')}
          </h2>
          {session ? (
            <SetupForm
              initial={defaults}
              busy={busy}
              submitLabel={t('rotation.start')}
              onSubmit={(s) => void setup(s)}
            />
          ) : (
            <Spinner />
          )}
        </section>
      )}
      {board && (
        <>
          <p className={`rotation__live rotation__live--${live.mode}`} role="status" data-testid="rotation-live">
            {t(`rotation.${live.mode}`)}
          </p>
          <section aria-label={t('rotation.courts')}>
            <ul className="court-grid">
              {board.courts.map(({ court, game }) => (
                <CourtTile
                  key={court}
                  court={court}
                  game={game}
                  canStart={canStart}
                  busy={busy}
                  onStart={() => void change(() => startNext(sessionId, court))}
                  onFinish={() => setFinishing(game)}
                />
              ))}
            </ul>
          </section>
          <NextGames
            next={board.next}
            players={board.players}
            busy={busy}
            freeCourts={board.courts.filter((c) => c.game === null).map((c) => c.court)}
            onStartOn={(nextIndex, court) => void change(() => startNext(sessionId, court, nextIndex))}
            onSwap={(index, out, into) => {
              // Games show board ids; the admin calls name players by user id (docs/ON-COURT.md).
              const outUserId = board.players.find((p) => p.playerId === out.playerId)?.userId;
              if (outUserId) void change(() => swapNext(sessionId, index, outUserId, into.userId));
            }}
          />
          <QueueList
            players={board.players}
            helperUserId={board.helperUserId}
            busy={busy}
            onSetState={(player, state) => void change(() => setPlayerState(sessionId, player.userId, state))}
            onMoveUp={(player) => void change(() => moveUp(sessionId, player.userId))}
            onLockPair={(player, partner) =>
              void change(() => lockPair(sessionId, player.userId, partner?.userId ?? null))
            }
            onSetHelper={(helper) => void change(() => setHelper(sessionId, helper?.userId ?? null))}
          />
          {board.screenToken && (
            <ScreenLink
              sessionId={sessionId}
              token={board.screenToken}
              busy={busy}
              onRotate={() => void change(() => rotateScreenToken(sessionId))}
            />
          )}
          <section className="panel rotation-log" aria-labelledby="rotation-log-title">
            <h2 className="panel__title" id="rotation-log-title">
              {t('rotation.log')}
            </h2>
            <p className="panel__text">{t('rotation.logHint')}</p>
            <button
              type="button"
              className="button button--outline"
              disabled={busy}
              onClick={() => void run(() => downloadRotationCsv(sessionId))}
              data-testid="rotation-csv"
            >
              {t('rotation.exportCsv')}
            </button>
          </section>
          {freeCourt != null && canStart && (
            <div className="rotation-bar">
              <button
                type="button"
                className="button button--primary button--block"
                disabled={busy}
                onClick={() => void change(() => startNext(sessionId, freeCourt))}
                data-testid="start-next-bar"
              >
                {t('rotation.startOn', { court: freeCourt })}
              </button>
            </div>
          )}
          <FinishDialog
            game={finishing}
            scoring={board.scoring}
            busy={busy}
            onClose={() => setFinishing(null)}
            onFinish={(result) => {
              const court = finishing?.court;
              setFinishing(null);
              if (court != null) void change(() => finishGame(sessionId, court, result));
            }}
          />
          <Dialog open={editing} title={t('rotation.setupTitle')} onClose={() => setEditing(false)} variant="wide">
            <SetupForm
              initial={defaults}
              busy={busy}
              submitLabel={t('rotation.saveSetup')}
              onSubmit={(s) => void setup(s)}
            />
          </Dialog>
        </>
      )}
    </div>
  );
}
