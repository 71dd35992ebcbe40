import { DEFAULT_SCORING, type RotationAdminBoard, type RotationBoard } from '@shuttle/shared';
import { csvFile } from '#reports/csv.ts';
import { boardIds } from './board-ids.ts';
import { queueOrder } from './coming.ts';
import { preview } from './engine.ts';
import type { RotationState } from './model.ts';
import type { RotationItem } from './repository.ts';

/**
 * The board players, helpers and the venue screen see (docs/ON-COURT.md, "Who sees what"): names
 * and board ids only (board-ids.ts), no levels, partners, user ids or screen token.
 */
export function toBoard(
  state: RotationState,
  meta: { sessionId: string; version: number; helperUserId: string | null; updatedAt: string },
  playerId: (userId: string) => string,
): RotationBoard {
  const names = new Map(state.players.map((p) => [p.userId, p.name]));
  const ref = (userId: string) => ({ playerId: playerId(userId), name: names.get(userId) ?? '' });
  const side = (ids: string[]) => ids.map(ref);
  const courtOf = new Map<string, number>();
  for (const g of state.games) for (const id of g.teams.flat()) courtOf.set(id, g.court);
  const queue = queueOrder(state);
  return {
    sessionId: meta.sessionId,
    version: meta.version,
    mode: state.mode,
    rule: state.rule,
    scoring: state.scoring ?? DEFAULT_SCORING,
    courts: state.courts.map((court) => {
      const game = state.games.find((g) => g.court === court);
      return { court, game: game ? { court, teams: [side(game.teams[0]), side(game.teams[1])] } : null };
    }),
    players: state.players.map((p) => {
      const at = queue.indexOf(p.userId);
      return {
        playerId: playerId(p.userId),
        name: p.name,
        state: p.state,
        gamesPlayed: p.gamesPlayed,
        court: courtOf.get(p.userId) ?? null,
        queuePosition: at < 0 ? null : at + 1,
        lockedWith: p.lockedWith ? playerId(p.lockedWith) : null,
      };
    }),
    next: preview(state).map((g) => ({ court: g.court, teams: [side(g.teams[0]), side(g.teams[1])] })),
    helperPlayerId: meta.helperUserId ? playerId(meta.helperUserId) : null,
    updatedAt: meta.updatedAt,
  };
}

/** The board of an item as players, helpers and the screen see it. */
export function publicView(item: RotationItem): RotationBoard {
  return toBoard(item.state, item, boardIds(item).playerId);
}

/** The team's admins' board: each player's user id beside the board id, the helper's user id, the screen token. */
export function adminView(item: RotationItem): RotationAdminBoard {
  const board = publicView(item);
  const ids = boardIds(item);
  const names = new Map(item.state.players.map((p) => [p.userId, p.name]));
  const side = (userIds: string[]) => userIds.map((id) => ({ playerId: ids.playerId(id), name: names.get(id) ?? '' }));
  return {
    ...board,
    // The band only here (docs/ON-COURT.md, "Admins see the band"): never in `publicView`.
    players: board.players.map((p, i) => ({
      ...p,
      userId: item.state.players[i]!.userId,
      rating: item.state.players[i]!.band ?? null,
    })),
    helperUserId: item.helperUserId,
    screenToken: item.screenToken,
    // Finished games with their results; `gameNo` is the game's place in the evening's log.
    log: item.state.log.flatMap((g, i) =>
      g.endedAt
        ? [
            {
              gameNo: i + 1,
              court: g.court,
              teams: [side(g.teams[0]), side(g.teams[1])] as [ReturnType<typeof side>, ReturnType<typeof side>],
              score: g.score,
              winner: g.winner ?? null,
              finishedAt: g.endedAt,
            },
          ]
        : [],
    ),
  };
}

/** Who a board answer is for: the team's admins, or anyone else (players, the helper, the screen). */
export type RotationAudience = 'admin' | 'public';

export const viewFor = (item: RotationItem, audience: RotationAudience): RotationBoard | RotationAdminBoard =>
  audience === 'admin' ? adminView(item) : publicView(item);

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
