import { createHash } from 'node:crypto';
import { newOutboxItem, type OutboxItem } from '#outbox/model.ts';
import { DomainError } from '#platform/errors.ts';
import { preview } from './engine.ts';
import type { RotationState } from './model.ts';

/**
 * The opt-in "you are up next" LINE push (docs/ON-COURT.md, "Up-next push"): at most one per
 * player per evening, written in the same conditional write as the board change that put the
 * player into the `next` preview (or straight on a court). Pure, like `engine.ts`.
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

/**
 * The players this change makes newly up (up after, not before) who opted in and were not told
 * yet: marked told in the returned state, each with the court to name.
 */
export function upNextNotices(
  before: RotationState,
  after: RotationState,
): { state: RotationState; notices: { userId: string; court: number | null }[] } {
  if (!after.players.some((p) => p.notifyUpNext && !p.upNextQueued)) return { state: after, notices: [] };
  const was = upNow(before);
  const now = upNow(after);
  const notices: { userId: string; court: number | null }[] = [];
  const players = after.players.map((p) => {
    if (!p.notifyUpNext || p.upNextQueued || !now.has(p.userId) || was.has(p.userId)) return p;
    notices.push({ userId: p.userId, court: now.get(p.userId) ?? null });
    return { ...p, upNextQueued: true };
  });
  return notices.length === 0 ? { state: after, notices } : { state: { ...after, players }, notices };
}

/** One record per player per session: its id is derived from both, and it is put only if absent. */
export const upNextOutboxId = (sessionId: string, userId: string) =>
  `upnext_${createHash('sha256').update(`${sessionId}|${userId}`).digest('hex').slice(0, 32)}`;

export function upNextOutboxItem(input: {
  sessionId: string;
  teamId: string;
  userId: string;
  court: number | null;
  now: Date;
}): OutboxItem {
  return newOutboxItem({
    id: upNextOutboxId(input.sessionId, input.userId),
    kind: 'rotationUpNext',
    userId: input.userId,
    sessionId: input.sessionId,
    now: input.now,
    details: { teamId: input.teamId, court: input.court },
  });
}
