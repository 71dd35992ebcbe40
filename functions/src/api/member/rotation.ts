import { memberRoutes } from '@shuttle/shared';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes, newApiApp } from '#platform/http.ts';
import { playerIdOf } from '#rotation/board-ids.ts';
import { boardEtag, helperBoardCalls, notModified } from '#rotation/calls.ts';
import type { RotationItem } from '#rotation/repository.ts';
import type { RotationService } from '#rotation/service.ts';
import { setNotifyUpNext } from '#rotation/up-next.ts';
import type { SessionRepository } from '#sessions/repository.ts';

export interface RotationMemberRouteDeps {
  clock: Clock;
  sessions: SessionRepository;
  rotation: RotationService;
  http: ContractAppOptions;
}

/**
 * The session's players read the board (names and board ids, docs/PRIVACY.md); its helper changes
 * it naming players by board id; the venue screen reads it with its token (docs/ON-COURT.md,
 * "Rotation"). No answer here, refusals included, carries a user id or the screen token.
 */
export function rotationMemberRoutes(s: RotationMemberRouteDeps) {
  const calls = helperBoardCalls(s.rotation, s.clock);
  /** The caller's own part of the board: their board id on it, their up-next opt-in, whether they help. */
  const mine = (item: RotationItem, userId: string) => {
    const me = item.state.players.find((p) => p.userId === userId);
    return {
      me: me ? playerIdOf(item, userId) : null,
      notifyMe: Boolean(me?.notifyUpNext),
      helper: item.helperUserId === userId,
    };
  };
  const app = newApiApp();
  app.use('/checkState/rotation/getBoard', notModified);
  app.use('/withoutAuth/rotation/screen', notModified);
  app.route(
    '/',
    contractRoutes(
      memberRoutes,
      {
        // `sessionId` is a `playerBoard` and the helper calls' a `helperBoard`: checked before these run.
        'checkState/rotation/getBoard': async ({ sessionId }, { member, c }) => {
          const item = await s.rotation.current(sessionId);
          c.header('etag', boardEtag(item.version));
          return { board: s.rotation.view(item), ...mine(item, member.userId) };
        },
        'checkState/rotation/notifyMe': async ({ sessionId, on }, { member }) => {
          const { item } = await s.rotation.change(sessionId, (b) => ({
            state: setNotifyUpNext(b.state, member.userId, on),
          }));
          return { board: s.rotation.view(item), ...mine(item, member.userId) };
        },
        'checkState/rotation/startNext': async (input) => {
          return calls.startNext(input);
        },
        'checkState/rotation/finish': async (input, { idempotencyKey }) => {
          return calls.finish(input, idempotencyKey);
        },
        'checkState/rotation/setPlayer': async ({ sessionId, playerId, state }) => {
          return calls.setPlayer({ sessionId, id: playerId, state });
        },
        'checkState/rotation/swapNext': async ({ sessionId, nextIndex, outPlayerId, inPlayerId }) => {
          return calls.swapNext({ sessionId, nextIndex, outId: outPlayerId, inId: inPlayerId });
        },
        'checkState/rotation/moveUp': async ({ sessionId, playerId }) => {
          return calls.moveUp({ sessionId, id: playerId });
        },
        'withoutAuth/rotation/screen': async ({ token }, { c }) => {
          const sessionId = await s.rotation.repo.sessionOfScreen(token);
          if (!sessionId) throw new DomainError('INVALID_TOKEN');
          const item = await s.rotation.current(sessionId);
          if (item.screenToken !== token) throw new DomainError('INVALID_TOKEN');
          c.header('etag', boardEtag(item.version));
          return { board: s.rotation.view(item) };
        },
      },
      s.http,
    ),
  );
  return app;
}
