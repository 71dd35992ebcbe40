import { DomainError } from '#platform/errors.ts';
import type { SessionRecord } from '#sessions/model.ts';

/**
 * A player's level as a session's range sees it (docs/ON-COURT.md, "Level filters"): declared
 * (null: none), or (the team's `levelCheck: 'rating'`) a rated player's band.
 */
export type CheckedLevel =
  | { checked: 'declared'; level: number | null }
  | { checked: 'rating'; level: number; low: number; high: number };

/** Reads what a self-join's level check needs; built where the rating is known (rotation/level-gate.ts). */
export interface LevelGate {
  /** Throws 403 LEVEL_OUT_OF_RANGE (its data saying which level was checked, and the range) when outside. */
  check(session: SessionRecord, userId: string): Promise<void>;
}

/**
 * The refusal of a player outside `session`'s range, or null. A declared level is inside when
 * levelMin <= level <= levelMax; no declared level is never refused (nothing says it is outside);
 * a rating band is outside only when all of it is (its high below levelMin or its low above levelMax).
 */
export function levelRefusal(
  session: Pick<SessionRecord, 'levelMin' | 'levelMax'>,
  level: CheckedLevel,
): DomainError | null {
  const { levelMin, levelMax } = session;
  if (levelMin === undefined || levelMax === undefined) return null;
  const [low, high] = level.checked === 'rating' ? [level.low, level.high] : [level.level, level.level];
  if (low === null || high === null) return null;
  if (high >= levelMin && low <= levelMax) return null;
  const refusal = new DomainError('LEVEL_OUT_OF_RANGE');
  refusal.data = { ...level, levelMin, levelMax };
  return refusal;
}
