import type { MiddlewareHandler } from 'hono';
import type { Clock } from '#platform/clock.ts';
import { finish, lockPair, moveUp, setPlayer, startNext, swapNext } from './engine.ts';
import type { RotationItem } from './repository.ts';
import type { RotationService } from './service.ts';

/**
 * The board calls admins and the session's helper share (docs/ON-COURT.md, "Rotation"): each is
 * one `RotationService.change`, answered with the admin view of the written board.
 */
export function rotationCalls(rotation: RotationService, clock: Clock) {
  const answer = (item: RotationItem) => ({ board: rotation.adminView(item) });
  return {
    startNext: async ({ sessionId, court }: { sessionId: string; court: number }) => {
      const { item, result } = await rotation.change(sessionId, (b) => {
        const out = startNext(b.state, court, clock.now().toISOString());
        return { state: out.state, result: out.game };
      });
      const board = rotation.adminView(item);
      const game = board.courts.find((c) => c.court === result!.court)!.game!;
      return { game, board };
    },
    finish: async ({ sessionId, court, score }: { sessionId: string; court: number; score?: [number, number] }) =>
      answer(
        (await rotation.change(sessionId, (b) => ({ state: finish(b.state, court, score, clock.now().toISOString()) })))
          .item,
      ),
    setPlayer: async ({
      sessionId,
      userId,
      state,
    }: {
      sessionId: string;
      userId: string;
      state: 'ready' | 'resting' | 'gone';
    }) => answer((await rotation.change(sessionId, (b) => ({ state: setPlayer(b.state, userId, state) }))).item),
    swapNext: async (input: { sessionId: string; nextIndex: number; outUserId: string; inUserId: string }) =>
      answer(
        (
          await rotation.change(input.sessionId, (b) => ({
            state: swapNext(b.state, input.nextIndex, input.outUserId, input.inUserId),
          }))
        ).item,
      ),
    moveUp: async ({ sessionId, userId }: { sessionId: string; userId: string }) =>
      answer((await rotation.change(sessionId, (b) => ({ state: moveUp(b.state, userId) }))).item),
    lockPair: async ({
      sessionId,
      userId,
      partnerUserId,
    }: {
      sessionId: string;
      userId: string;
      partnerUserId: string | null;
    }) => answer((await rotation.change(sessionId, (b) => ({ state: lockPair(b.state, userId, partnerUserId) }))).item),
  };
}

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
