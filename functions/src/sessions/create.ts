import type { CreateSessionRequest } from '@shuttle/shared';
import type { IdempotentRequest } from '#db/idempotency.ts';
import { adminIdempotencyScope } from '#db/keys.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { ValidationError } from '#platform/errors.ts';
import type { TeamRecord, TeamRepository } from '#teams/repository.ts';
import { type NewSession, newSessionItem } from './factory.ts';
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
  const { request } = input;
  return publish(deps, input, 'createSession', request, input.teamId, respond, (team, now) =>
    planSessions(request, {
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
    }),
  );
}

export interface CopySessionInput {
  /** The session copied (the `teamSession` reference: one of the caller's team). */
  source: SessionRecord;
  /** When the copy starts. */
  startsAt: string;
  adminId: string;
  /** The copy is team-only whatever the original was (the admin's email is not verified). */
  teamOnly: boolean;
  idempotencyKey?: string;
}

/**
 * `createSession/copySession`: one new session with the settings of `source` (what describes it,
 * its sign-up mode and rules, its cancellation window), starting at `startsAt`. Its end, sign-up
 * opening and lottery window move by the same offset, so it lasts as long and opens as long
 * before its start (docs/DECISIONS.md, "Copying a session"). Published like a create call: the
 * daily cap, the group announcement, the lottery's draw marker, one idempotent answer.
 */
export async function copySession<R>(
  deps: CreateSessionsDeps,
  input: CopySessionInput,
  respond: (sessions: SessionRecord[], now: Date) => R,
): Promise<R> {
  const { source, startsAt } = input;
  const request = { sessionId: source.id, startsAt };
  return publish(deps, input, 'copySession', request, source.teamId, respond, (team, now) => {
    if (Date.parse(startsAt) <= now.getTime()) {
      throw new ValidationError([{ path: 'startsAt', message: 'sessions must start in the future' }]);
    }
    return [copiedSession(source, Date.parse(startsAt) - Date.parse(source.startsAt), team, deps.ids(), input.adminId)];
  });
}

/** `source` as a new session `offsetMs` later: every setting kept, nothing of its seats or sign-ups. */
function copiedSession(
  source: SessionRecord,
  offsetMs: number,
  team: TeamRecord,
  id: string,
  createdBy: string,
): NewSession {
  const shift = (instant: string) => new Date(Date.parse(instant) + offsetMs).toISOString();
  return {
    id,
    teamId: team.id,
    teamName: team.name,
    title: source.title,
    venue: source.venue,
    address: source.address,
    region: source.region,
    categories: source.categories,
    courts: source.courts,
    capacity: source.capacity,
    price: source.price,
    startsAt: shift(source.startsAt),
    endsAt: shift(source.endsAt),
    signupOpensAt: shift(source.signupOpensAt),
    isPublic: source.isPublic,
    notes: source.notes,
    lineLink: source.lineLink,
    cancelWindowMinutes: source.cancelWindowMinutes,
    signupMode: source.signupMode,
    lotteryMinutes: source.lotteryMinutes,
    waitlistOfferMinutes: source.waitlistOfferMinutes,
    memberPriorityHours: source.memberPriorityHours,
    ...(source.quietHours !== undefined ? { quietHours: source.quietHours } : {}),
    ...(source.levelMin !== undefined ? { levelMin: source.levelMin } : {}),
    ...(source.levelMax !== undefined ? { levelMax: source.levelMax } : {}),
    createdBy,
  };
}

/**
 * What a create and a copy share: the idempotent replay, the team read, the plan, then one
 * transaction with the sessions, the team's daily count, the group announcement, the lottery
 * draws' marker and the recorded answer.
 */
async function publish<R>(
  deps: CreateSessionsDeps,
  input: { adminId: string; teamOnly: boolean; idempotencyKey?: string },
  operation: 'createSession' | 'copySession',
  request: unknown,
  teamId: string,
  respond: (sessions: SessionRecord[], now: Date) => R,
  plan: (team: TeamRecord, now: Date) => NewSession[],
): Promise<R> {
  const { idempotencyKey } = input;
  const claim: IdempotentRequest | undefined = idempotencyKey
    ? { scope: adminIdempotencyScope(input.adminId), operation, key: idempotencyKey, request }
    : undefined;
  if (claim) {
    const earlier = await deps.sessions.replay<R>(claim);
    if (earlier) return earlier;
  }
  const team = await deps.teams.require(teamId);
  const now = deps.clock.now();
  const items = plan(team, now).map((p) => newSessionItem(input.teamOnly ? { ...p, isPublic: false } : p, now));
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
