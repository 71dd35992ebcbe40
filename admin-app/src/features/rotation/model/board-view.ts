import type { RotationBoard, RotationGame, RotationPlayer, RotationPlayerRef } from '@shuttle/shared';

/** The names of one side, joined with the language's separator. */
export const sideNames = (side: RotationPlayerRef[], separator: string) => side.map((p) => p.name).join(separator);

const STATE_ORDER = { ready: 0, resting: 1, gone: 2 } as const;

/**
 * The queue as the board lists it: ready players in queue order, then those on court, then
 * resting, then gone; check-in order breaks ties (the board's own order).
 */
export function queueOrder<P extends RotationPlayer>(players: P[]): P[] {
  const rank = (p: RotationPlayer) =>
    p.queuePosition != null ? p.queuePosition : p.court != null ? 1000 : 2000 + STATE_ORDER[p.state] * 1000;
  return players
    .map((player, index) => ({ player, index }))
    .sort((a, b) => rank(a.player) - rank(b.player) || a.index - b.index)
    .map(({ player }) => player);
}

/** The first court without a game, or null. */
export const firstFreeCourt = (board: Pick<RotationBoard, 'courts'>): number | null =>
  board.courts.find((c) => c.game === null)?.court ?? null;

const gameKey = (game: RotationGame) =>
  `${game.court}:${game.teams
    .flat()
    .map((p) => p.playerId)
    .join(',')}`;

/** Games on `next` that were not on `previous`: the games just started (for the venue screen's call). */
export function startedGames(previous: RotationBoard | undefined, next: RotationBoard): RotationGame[] {
  if (!previous) return [];
  const before = new Set(previous.courts.flatMap((c) => (c.game ? [gameKey(c.game)] : [])));
  return next.courts.flatMap((c) => (c.game && !before.has(gameKey(c.game)) ? [c.game] : []));
}
