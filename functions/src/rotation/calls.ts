import type { RotationBoard } from '@shuttle/shared';
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { boardIds } from './board-ids.ts';
import { type GameResult, lockPair, moveUp, setPlayer, startNext, swapNext } from './engine.ts';
import { finishRated } from './rated-calls.ts';
import type { RotationItem } from './repository.ts';
import type { RotationService } from './service.ts';
import { adminView, publicView } from './view.ts';

/** A player named by a call: a user id (admins) or a board id (the helper, board-ids.ts). */
type Named = (item: RotationItem, id: string) => string;

const byUserId: Named = (_item, userId) => userId;
const byBoardId: Named = (item, playerId) => {
  const userId = boardIds(item).userId(playerId);
  if (!userId) throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
  return userId;
};

/**
 * The board calls admins and the session's helper share (docs/ON-COURT.md, "Rotation"): each is
 * one `RotationService.change`. Admins name players by user id and get the admin view; the
 * helper names them by board id and gets the board players see, refusals included.
 */
function boardCalls<B extends RotationBoard>(
  rotation: RotationService,
  clock: Clock,
  audience: 'admin' | 'public',
  named: Named,
  view: (item: RotationItem) => B,
) {
  const change = async (sessionId: string, operation: (item: RotationItem) => RotationItem['state']) =>
    (await rotation.change(sessionId, (b) => ({ state: operation(b) }), audience)).item;
  const answer = (item: RotationItem) => ({ board: view(item) });
  return {
    startNext: async ({ sessionId, court, nextIndex }: { sessionId: string; court: number; nextIndex?: number }) => {
      const { item } = await rotation.change(
        sessionId,
        (b) => ({ state: startNext(b.state, court, clock.now().toISOString(), nextIndex).state }),
        audience,
      );
      const board = view(item);
      return { game: board.courts.find((c) => c.court === court)!.game!, board };
    },
    /**
     * Ends a game; a result with a winner moves the players' ratings in the same write
     * (rated-calls.ts). A retry with the same Idempotency-Key answers the board without a second change.
     */
    finish: async ({ sessionId, court, ...result }: { sessionId: string; court: number } & GameResult, key?: string) =>
      answer(await finishRated(rotation, clock, audience, { sessionId, court, result, key })),
    setPlayer: async (input: { sessionId: string; id: string; state: 'ready' | 'resting' | 'gone' }) =>
      answer(await change(input.sessionId, (b) => setPlayer(b.state, named(b, input.id), input.state))),
    swapNext: async (input: { sessionId: string; nextIndex: number; outId: string; inId: string }) =>
      answer(
        await change(input.sessionId, (b) =>
          swapNext(b.state, input.nextIndex, named(b, input.outId), named(b, input.inId)),
        ),
      ),
    moveUp: async ({ sessionId, id }: { sessionId: string; id: string }) =>
      answer(await change(sessionId, (b) => moveUp(b.state, named(b, id)))),
    lockPair: async (input: { sessionId: string; id: string; partnerId: string | null }) =>
      answer(
        await change(input.sessionId, (b) =>
          lockPair(b.state, named(b, input.id), input.partnerId === null ? null : named(b, input.partnerId)),
        ),
      ),
  };
}

/** The admin calls: players by user id, answered with the admin view. */
export const adminBoardCalls = (rotation: RotationService, clock: Clock) =>
  boardCalls(rotation, clock, 'admin', byUserId, adminView);

/** The helper's calls: players by board id, answered with the board players see. */
export const helperBoardCalls = (rotation: RotationService, clock: Clock) =>
  boardCalls(rotation, clock, 'public', byBoardId, publicView);

/** The board's ETag: its version (a board only changes by a write that raises it). */
export const boardEtag = (version: number) => `"rotation-v${version}"`;

/**
 * Polling fallback (docs/ON-COURT.md, "Live"): a read of the board answers its ETag, and 304
 * without a body when the client's `If-None-Match` names it.
 */
export const notModified: MiddlewareHandler = async (c, next) => {
  await next();
  const etag = c.res.headers.get('etag');
  if (c.res.status === 200 && etag && c.req.header('if-none-match') === etag) {
    c.res = new Response(null, { status: 304, headers: { etag } });
  }
};
