import type { RotationBoard, RotationGame } from '@shuttle/shared';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { startedGames } from './board-view';

/**
 * The venue screen's voice call (issue 21): when `enabled`, each game that starts is called out
 * through the browser's speech synthesis in the screen's language, "請 王小明、李大華、陳小美、林志明
 * 到 3 號場" in zh-TW. Games that started while the call was off are not called afterwards.
 */
export function useVoiceCalls(board: RotationBoard | undefined, enabled: boolean): void {
  const { t, i18n } = useTranslation();
  const previous = useRef<RotationBoard | undefined>(undefined);
  useEffect(() => {
    if (!board) return;
    const before = previous.current;
    previous.current = board;
    const speech = globalThis.speechSynthesis;
    if (!enabled || !speech || typeof SpeechSynthesisUtterance === 'undefined') return;
    for (const game of startedGames(before, board)) {
      const utterance = new SpeechSynthesisUtterance(callText(game, t));
      utterance.lang = i18n.language;
      speech.speak(utterance);
    }
  }, [board, enabled, t, i18n.language]);
}

/** "請 王小明、李大華、陳小美、林志明 到 3 號場" (zh-TW) and its translations. */
function callText(game: RotationGame, t: TFunction): string {
  const separator: string = t('rotation.nameSeparator');
  const names = game.teams
    .flat()
    .map((p) => p.name)
    .join(separator);
  return t('rotation.call', { names, court: game.court });
}
