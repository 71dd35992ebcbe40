import type { RotationBoard } from '@shuttle/shared';
import { csvFile } from '#reports/csv.ts';
import { preview } from './engine.ts';
import type { RotationState } from './model.ts';
import { queueOrder } from './rules.ts';

/** The board as every view shows it: names only (docs/PRIVACY.md), no levels or partners. */
export function toBoard(
  state: RotationState,
  meta: { sessionId: string; version: number; helperUserId: string | null; updatedAt: string },
): RotationBoard {
  const names = new Map(state.players.map((p) => [p.userId, p.name]));
  const ref = (userId: string) => ({ userId, name: names.get(userId) ?? '' });
  const side = (ids: string[]) => ids.map(ref);
  const courtOf = new Map<string, number>();
  for (const g of state.games) for (const id of g.teams.flat()) courtOf.set(id, g.court);
  const queue = queueOrder(state);
  return {
    sessionId: meta.sessionId,
    version: meta.version,
    mode: state.mode,
    rule: state.rule,
    courts: state.courts.map((court) => {
      const game = state.games.find((g) => g.court === court);
      return { court, game: game ? { court, teams: [side(game.teams[0]), side(game.teams[1])] } : null };
    }),
    players: state.players.map((p) => {
      const at = queue.indexOf(p.userId);
      return {
        userId: p.userId,
        name: p.name,
        state: p.state,
        gamesPlayed: p.gamesPlayed,
        court: courtOf.get(p.userId) ?? null,
        queuePosition: at < 0 ? null : at + 1,
        lockedWith: p.lockedWith,
      };
    }),
    next: preview(state).map((g) => ({ court: g.court, teams: [side(g.teams[0]), side(g.teams[1])] })),
    helperUserId: meta.helperUserId,
    updatedAt: meta.updatedAt,
  };
}

/** The night's game log as CSV: UTF-8 with a BOM, a header row, one row per game in start order. */
export function rotationCsv(state: RotationState): string {
  const names = new Map(state.players.map((p) => [p.userId, p.name]));
  const side = (ids: string[]) => ids.map((id) => names.get(id) ?? id).join(' / ');
  return csvFile(
    ['game', 'court', 'startedAt', 'endedAt', 'side1', 'side2', 'score1', 'score2'],
    state.log.map((g, i) => [
      i + 1,
      g.court,
      g.startedAt,
      g.endedAt ?? '',
      side(g.teams[0]),
      side(g.teams[1]),
      g.score?.[0] ?? '',
      g.score?.[1] ?? '',
    ]),
  );
}
