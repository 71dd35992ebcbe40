import { adminRoutes } from '@shuttle/shared';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes, newApiApp } from '#platform/http.ts';
import { adminBoardCalls, boardEtag, notModified } from '#rotation/calls.ts';
import { correctResult } from '#rotation/rated-calls.ts';
import { newScreenToken } from '#rotation/repository.ts';
import type { RotationService } from '#rotation/service.ts';
import { rotationCsv } from '#rotation/view.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { TeamRepository } from '#teams/repository.ts';

export interface RotationAdminRouteDeps {
  clock: Clock;
  teams: TeamRepository;
  scope: TeamScope;
  sessions: SessionRepository;
  rotation: RotationService;
  http: ContractAppOptions;
}

/** The rotation board's admin calls (docs/ON-COURT.md, "Rotation"): team admins of the session's team. */
export function rotationAdminRoutes(s: RotationAdminRouteDeps) {
  const calls = adminBoardCalls(s.rotation, s.clock);
  const app = newApiApp();
  app.use('/rotation/getBoard', notModified);
  app.route(
    '/',
    contractRoutes(
      adminRoutes,
      {
        // Every `sessionId` here is a `teamSession` and every player a `boardPlayer`, checked before these run.
        'rotation/setup': async ({ sessionId, courts, mode, rule, scoring }, { refs }) => {
          const session = refs.sessionId;
          // A new board plays to the team's scoring unless the setup names another.
          const points =
            scoring ??
            ((await s.rotation.repo.get(sessionId)) ? undefined : (await s.teams.get(session.teamId))?.scoring);
          return {
            board: s.rotation.adminView(
              await s.rotation.setup(sessionId, session.teamId, { courts, mode, rule, scoring: points }),
            ),
          };
        },
        'rotation/getBoard': async ({ sessionId }, { c }) => {
          const item = await s.rotation.current(sessionId);
          c.header('etag', boardEtag(item.version));
          return { board: s.rotation.adminView(item) };
        },
        'rotation/startNext': async (input) => {
          return calls.startNext(input);
        },
        'rotation/finish': async (input, { idempotencyKey }) => {
          return calls.finish(input, idempotencyKey);
        },
        'rotation/correctResult': async ({ sessionId, gameNo, ...result }) => {
          return {
            board: s.rotation.adminView(await correctResult(s.rotation, s.clock, { sessionId, gameNo, result })),
          };
        },
        'rotation/setPlayer': async ({ sessionId, userId, state }) => {
          return calls.setPlayer({ sessionId, id: userId, state });
        },
        'rotation/swapNext': async ({ sessionId, nextIndex, outUserId, inUserId }) => {
          return calls.swapNext({ sessionId, nextIndex, outId: outUserId, inId: inUserId });
        },
        'rotation/lockPair': async ({ sessionId, userId, partnerUserId }) => {
          return calls.lockPair({ sessionId, id: userId, partnerId: partnerUserId });
        },
        'rotation/moveUp': async ({ sessionId, userId }) => {
          return calls.moveUp({ sessionId, id: userId });
        },
        'rotation/setHelper': async ({ sessionId, userId }, { refs }) => {
          // A helper is a player of the session holding an accepted booking (every player on the board does).
          if (refs.userId && refs.userId.status !== 'accepted') throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
          const { item } = await s.rotation.change(
            sessionId,
            (b) => ({ state: b.state, helperUserId: userId }),
            'admin',
          );
          return { board: s.rotation.adminView(item) };
        },
        'rotation/rotateScreenToken': async ({ sessionId }) => {
          const { item } = await s.rotation.change(
            sessionId,
            (b) => ({ state: b.state, screenToken: newScreenToken() }),
            'admin',
          );
          return { board: s.rotation.adminView(item) };
        },
        'rotation/exportCsv': async ({ sessionId }, { c }) => {
          const item = await s.rotation.require(sessionId);
          c.header('content-disposition', `attachment; filename="rotation-${sessionId}.csv"`);
          return rotationCsv(item.state);
        },
      },
      s.http,
    ),
  );
  return app;
}
