import type { RotationBoard } from '@shuttle/shared';

/** Where the player `me` plays now or next on the board: on a court, in a coming game (its court, or null: the first that frees), or neither. */
type MyGame = { kind: 'onCourt'; court: number } | { kind: 'next'; court: number | null } | null;

export function myGame(board: RotationBoard, me: string | null): MyGame {
  if (!me) return null;
  const playing = board.courts.find((c) => c.game?.teams.some((side) => side.some((p) => p.playerId === me)));
  if (playing) return { kind: 'onCourt', court: playing.court };
  const coming = board.next.find((game) => game.teams.some((side) => side.some((p) => p.playerId === me)));
  return coming ? { kind: 'next', court: coming.court } : null;
}
