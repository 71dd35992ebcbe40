import type { RotationBoard } from '@shuttle/shared';
import { ApiError, errorMessage } from '@shuttle/shared/web/api-error.ts';
import { useLiveBoard } from '@shuttle/shared/web/live-board.ts';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { screenBoardSource } from '../api/rotation';
import { queueOrder } from '../model/board-view';
import { useVoiceCalls } from '../model/voice-call';
import { GameTeams } from './game-teams';
import { NextGames } from './next-games';

/**
 * /admin/screen/rotation?id=…&token=…: the venue screen (a TV or tablet, no login): big court
 * tiles, the next two games and the queue, live; 語音叫號 calls each game that starts.
 */
export function VenueScreen({ token, sessionId }: { token: string; sessionId: string | null }) {
  const { t } = useTranslation();
  useDocumentTitle(t('rotation.screenTitle'));
  const source = useMemo(() => screenBoardSource(token, sessionId), [token, sessionId]);
  const live = useLiveBoard<RotationBoard>(token, source);
  const [voice, setVoice] = useState(false);
  const board = live.board;
  useVoiceCalls(board, voice);

  if (!board) {
    const refused = live.error instanceof ApiError && [401, 403, 404].includes(live.error.status);
    return (
      <main className="venue-screen venue-screen--empty" data-testid="venue-screen">
        {live.error ? (
          <p role="alert">{refused ? t('rotation.screenInvalid') : errorMessage(live.error)}</p>
        ) : (
          <Spinner />
        )}
      </main>
    );
  }
  const queue = queueOrder(board.players).filter((p) => p.queuePosition != null);
  return (
    <main className="venue-screen" data-testid="venue-screen">
      <header className="venue-screen__head">
        <h1>{t('rotation.screenTitle')}</h1>
        <div className="venue-screen__voice">
          <ToggleSwitch checked={voice} onChange={setVoice} label={t('rotation.voice')} testId="voice-toggle" />
        </div>
      </header>
      <ul className="venue-courts" aria-label={t('rotation.courts')}>
        {board.courts.map(({ court, game }) => (
          <li key={court} className={`venue-court${game ? ' venue-court--busy' : ''}`} data-testid="venue-court">
            <h2 className="venue-court__name">{t('rotation.court', { court })}</h2>
            {game ? <GameTeams teams={game.teams} /> : <p className="venue-court__free">{t('rotation.free')}</p>}
          </li>
        ))}
      </ul>
      <div className="venue-screen__side">
        <NextGames next={board.next} limit={2} />
        <section className="panel" aria-labelledby="venue-queue-title">
          <h2 className="panel__title" id="venue-queue-title">
            {t('rotation.queue')}
          </h2>
          <ol className="venue-queue" data-testid="venue-queue">
            {queue.map((p) => (
              <li key={p.playerId} className="venue-queue__item">
                <span className="venue-queue__place">{p.queuePosition}</span>
                {p.name}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </main>
  );
}
