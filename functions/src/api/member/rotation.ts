import { memberRoutes } from '@shuttle/shared';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes, newApiApp } from '#platform/http.ts';
import { boardEtag, notModified, rotationCalls } from '#rotation/calls.ts';
import type { RotationService } from '#rotation/service.ts';
import type { SessionRepository } from '#sessions/repository.ts';

export interface RotationMemberRouteDeps {
  clock: Clock;
  sessions: SessionRepository;
  rotation: RotationService;
  http: ContractAppOptions;
}

/**
 * The session's players read the board (names only, docs/PRIVACY.md); its helper changes it with
 * the admin calls' bodies; the venue screen reads it with its token (docs/ON-COURT.md, "Rotation").
 */
export function rotationMemberRoutes(s: RotationMemberRouteDeps) {
  const calls = rotationCalls(s.rotation, s.clock);
  /** The caller must be the session's helper. */
  const helper = async (sessionId: string, userId: string) => {
    const board = await s.rotation.require(sessionId);
    if (board.helperUserId !== userId) throw new DomainError('FORBIDDEN');
  };
  const app = newApiApp();
  app.use('/checkState/rotation/getBoard', notModified);
  app.use('/withoutAuth/rotation/screen', notModified);
  app.route(
    '/',
    contractRoutes(
      memberRoutes,
      {
        'checkState/rotation/getBoard': async ({ sessionId }, { member, c }) => {
          const item = await s.rotation.current(sessionId);
          const onBoard = item.state.players.some((p) => p.userId === member.userId);
          if (!onBoard && item.helperUserId !== member.userId) {
            const booking = await s.sessions.booking(sessionId, member.userId);
            if (booking?.status !== 'accepted') throw new DomainError('FORBIDDEN');
          }
          c.header('etag', boardEtag(item.version));
          return { board: s.rotation.view(item), me: onBoard ? member.userId : null };
        },
        'checkState/rotation/startNext': async (input, { member }) => {
          await helper(input.sessionId, member.userId);
          return calls.startNext(input);
        },
        'checkState/rotation/finish': async (input, { member }) => {
          await helper(input.sessionId, member.userId);
          return calls.finish(input);
        },
        'checkState/rotation/setPlayer': async (input, { member }) => {
          await helper(input.sessionId, member.userId);
          return calls.setPlayer(input);
        },
        'checkState/rotation/swapNext': async (input, { member }) => {
          await helper(input.sessionId, member.userId);
          return calls.swapNext(input);
        },
        'checkState/rotation/moveUp': async (input, { member }) => {
          await helper(input.sessionId, member.userId);
          return calls.moveUp(input);
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
