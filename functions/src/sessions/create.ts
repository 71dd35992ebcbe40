import type { CreateSessionRequest } from '@shuttle/shared';
import type { IdempotentRequest } from '#db/idempotency.ts';
import { adminIdempotencyScope } from '#db/keys.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import type { TeamRecord, TeamRepository } from '#teams/repository.ts';
import { newSessionItem } from './factory.ts';
import type { SessionRecord } from './model.ts';
import { planSessions } from './plan.ts';
import type { SessionRepository } from './repository.ts';

export interface CreateSessionsDeps {
  clock: Clock;
  ids: IdGenerator;
  sessions: SessionRepository;
  teams: TeamRepository;
  /** The group announcement of the batch, written in the same transaction (`#outbox/group-items.ts`). */
  announce?: (team: TeamRecord, sessions: SessionRecord[], now: Date, id: string) => Record<string, unknown> | null;
  /** The sign-up job's marker of the batch's lottery draws, written in the same transaction (`#bookings/draw.ts`). */
  scheduleDraws?: (sessions: SessionRecord[], id: string) => Record<string, unknown> | null;
}

export interface CreateSessionsInput {
  request: CreateSessionRequest;
  teamId: string;
  adminId: string;
  /** Makes every session team-only whatever the request asked (the admin's email is not verified). */
  teamOnly: boolean;
  idempotencyKey?: string;
}

/**
 * Publishes the sessions of one create call all or none, within the team's daily cap. The answer
 * (`respond`, from the route's view) is recorded with them, so a retry with the same
 * Idempotency-Key and request gets the first answer.
 */
export async function createSessions<R>(
  deps: CreateSessionsDeps,
  input: CreateSessionsInput,
  respond: (sessions: SessionRecord[], now: Date) => R,
): Promise<R> {
  const { request, idempotencyKey } = input;
  const claim: IdempotentRequest | undefined = idempotencyKey
    ? { scope: adminIdempotencyScope(input.adminId), operation: 'createSession', key: idempotencyKey, request }
    : undefined;
  if (claim) {
    const earlier = await deps.sessions.replay<R>(claim);
    if (earlier) return earlier;
  }
  const team = await deps.teams.require(input.teamId);
  const now = deps.clock.now();
  const planned = planSessions(request, {
    teamId: team.id,
    teamName: team.name,
    cancelWindowMinutes: team.cancelWindowMinutes,
    fairSignup: {
      signupMode: team.signupMode,
      lotteryMinutes: team.lotteryMinutes,
      waitlistOfferMinutes: team.waitlistOfferMinutes,
      quietHours: team.quietHours,
      memberPriorityHours: team.memberPriorityHours,
    },
    createdBy: input.adminId,
    now,
    newId: deps.ids,
  });
  const items = planned.map((p) => newSessionItem(input.teamOnly ? { ...p, isPublic: false } : p, now));
  const response = respond(items, now);
  const announcement = deps.announce?.(team, items, now, deps.ids());
  const draws = deps.scheduleDraws?.(items, deps.ids());
  const replayed = await deps.sessions.createMany(
    team,
    items,
    now,
    claim ? { claim, response } : undefined,
    [announcement, draws].filter((item): item is Record<string, unknown> => Boolean(item)),
  );
  return replayed ?? response;
}
