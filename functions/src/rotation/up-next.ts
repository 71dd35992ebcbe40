import { createHash } from 'node:crypto';
import { ROTATION_LIMITS } from '@shuttle/shared';
import { newOutboxItem, type OutboxItem } from '#outbox/model.ts';
import { DomainError } from '#platform/errors.ts';
import { preview } from './coming.ts';
import type { RotationPlayerRecord, RotationState } from './model.ts';

/**
 * The opt-in "you are up next" LINE push (docs/ON-COURT.md, "Up-next push"): one per player per
 * evening, written in the same conditional write as the board change that put the player into the
 * `next` preview (or straight on a court), and again when an admin's override moves the court
 * they were told. Pure, like `engine.ts`.
 */

/** Sets a player's opt-in; a player not on the board is refused (403). */
export function setNotifyUpNext(current: RotationState, userId: string, on: boolean): RotationState {
  const at = current.players.findIndex((p) => p.userId === userId);
  if (at < 0) throw new DomainError('FORBIDDEN');
  const players = [...current.players];
  players[at] = { ...players[at]!, notifyUpNext: on };
  return { ...current, players };
}

/** Where each player is up: on a court (its number) or in a coming game (its court, null: the first that frees). */
function upNow(state: RotationState): Map<string, number | null> {
  const up = new Map<string, number | null>();
  for (const game of state.games) for (const id of game.teams.flat()) up.set(id, game.court);
  for (const game of preview(state)) for (const id of game.teams.flat()) if (!up.has(id)) up.set(id, game.court);
  return up;
}

const sentOf = (p: RotationPlayerRecord) => p.upNextSent ?? (p.upNextQueued ? 1 : 0);

/**
 * The pushes this change causes, each with the court to name and its number that evening, and
 * the state with them recorded. An opted-in player newly up (up after, not before) who was not
 * told yet gets one; after it, the court they are shown for each coming game is kept
 * (`upNextCourt`, until that game starts), and when an admin's override moves it to another court
 * (or to the first that frees) they are told again, at most `ROTATION_LIMITS.upNextPushes` pushes
 * an evening.
 */
export function upNextNotices(
  before: RotationState,
  after: RotationState,
): { state: RotationState; notices: { userId: string; court: number | null; seq: number }[] } {
  if (!after.players.some((p) => p.notifyUpNext)) return { state: after, notices: [] };
  const was = upNow(before);
  const now = upNow(after);
  const playing = new Set(after.games.flatMap((g) => g.teams.flat()));
  const notices: { userId: string; court: number | null; seq: number }[] = [];
  let changed = false;
  const players = after.players.map((p) => {
    if (!p.notifyUpNext) return p;
    let sent = sentOf(p);
    let told = p.upNextCourt;
    const up = now.has(p.userId);
    const court = now.get(p.userId) ?? null;
    const push = () => {
      notices.push({ userId: p.userId, court, seq: sent });
      sent += 1;
    };
    if (sent === 0) {
      if (up && !was.has(p.userId)) {
        push();
        told = court;
      }
    } else if (up) {
      if (typeof told === 'number' && court !== told) {
        if (sent < ROTATION_LIMITS.upNextPushes) push();
        told = court;
      } else if (told == null) told = court;
    }
    // Their game started: nothing more is owed for it.
    if (playing.has(p.userId)) told = undefined;
    if (sent === sentOf(p) && told === p.upNextCourt) return p;
    changed = true;
    const { upNextCourt: _old, ...rest } = p;
    return {
      ...rest,
      ...(sent > 0 ? { upNextQueued: true, upNextSent: sent } : {}),
      ...(told === undefined ? {} : { upNextCourt: told }),
    };
  });
  return changed ? { state: { ...after, players }, notices } : { state: after, notices };
}

/**
 * One record per push: its id is derived from session, player and the push's number that evening
 * (0 the first), and it is put only if absent.
 */
export const upNextOutboxId = (sessionId: string, userId: string, seq = 0) =>
  `upnext_${createHash('sha256')
    .update(seq === 0 ? `${sessionId}|${userId}` : `${sessionId}|${userId}|${seq}`)
    .digest('hex')
    .slice(0, 32)}`;

export function upNextOutboxItem(input: {
  sessionId: string;
  teamId: string;
  userId: string;
  court: number | null;
  seq: number;
  now: Date;
}): OutboxItem {
  return newOutboxItem({
    id: upNextOutboxId(input.sessionId, input.userId, input.seq),
    kind: 'rotationUpNext',
    userId: input.userId,
    sessionId: input.sessionId,
    now: input.now,
    details: { teamId: input.teamId, court: input.court },
  });
}
