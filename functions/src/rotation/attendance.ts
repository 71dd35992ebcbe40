import type { NoShowRule } from '#payments/no-show.ts';
import { DomainError } from '#platform/errors.ts';
import type { SessionRecord } from '#sessions/model.ts';
import { fixedGames, keepPromises } from './coming.ts';
import { setPlayer } from './engine.ts';
import type { RotationState } from './model.ts';
import type { RotationService } from './service.ts';

type Mark = 'attended' | 'absent' | null;

/**
 * A player whose check-in was taken back (docs/ON-COURT.md, "At the door"). One who has not
 * played yet leaves the board as if never checked in (out of the coming games, a fixed pair
 * undone); one who has played stays with their games, as gone. Pure: a new state, or the same.
 */
export function checkOut(current: RotationState, userId: string): RotationState {
  const player = current.players.find((p) => p.userId === userId);
  if (!player) return current;
  if (player.gamesPlayed > 0) return setPlayer(current, userId, 'gone');
  const { pinned: _legacy, ...rest } = current;
  // A coming game with the player is no longer promised; the others keep their courts (coming.ts).
  return keepPromises({
    ...rest,
    players: current.players
      .filter((p) => p.userId !== userId)
      .map((p) => (p.lockedWith === userId ? { ...p, lockedWith: null } : p)),
    promised: fixedGames(current).filter((game) => !game.teams.flat().includes(userId)),
    holds: current.holds.filter((hold) => !hold.userIds.includes(userId)),
    seq: current.seq + 1,
  });
}

/** A player checked in again who is on the board as gone (taken back after playing) waits again, at the back. */
export function checkBackIn(current: RotationState, userId: string): RotationState {
  const player = current.players.find((p) => p.userId === userId);
  return player?.state === 'gone' ? setPlayer(current, userId, 'ready') : current;
}

/**
 * What a change of a player's attendance sets off, whoever made it (an admin's tap, the
 * player's own scan): the no-show rule (docs/MONEY.md) and the session's rotation board
 * (docs/ON-COURT.md). `before` is the mark as read before the change.
 */
export class AttendanceEffects {
  constructor(private readonly deps: { rotation: RotationService; noShows: NoShowRule }) {}

  async changed(session: SessionRecord, userId: string, before: Mark, after: Mark): Promise<void> {
    const { noShows } = this.deps;
    if (after === 'absent') await noShows.afterAbsent(session.teamId, userId, session.startsAt, session.id);
    else if (before === 'absent') await noShows.afterAbsentUndone(session.teamId, userId, session.id);
    if (after === 'attended') await this.onBoard(session.id, userId, before !== 'attended');
    else if (before === 'attended') await this.offBoard(session.id, userId);
  }

  /** An open board takes the checked-in player at once (and a player taken back earlier returns). */
  private async onBoard(sessionId: string, userId: string, again: boolean): Promise<void> {
    const { rotation } = this.deps;
    await rotation.afterCheckIn(sessionId);
    if (!again) return;
    const item = await rotation.repo.get(sessionId);
    if (item?.state.players.find((p) => p.userId === userId)?.state !== 'gone') return;
    await this.boardChange(sessionId, (state) => checkBackIn(state, userId));
  }

  private async offBoard(sessionId: string, userId: string): Promise<void> {
    const item = await this.deps.rotation.repo.get(sessionId);
    if (!item?.state.players.some((p) => p.userId === userId)) return;
    await this.boardChange(sessionId, (state) => checkOut(state, userId));
  }

  /**
   * The attendance is written already: its board change is tried until it lands (a board that
   * two admins keep changing, a few times; one closed meanwhile needs none).
   */
  private async boardChange(sessionId: string, operation: (state: RotationState) => RotationState): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.deps.rotation.change(sessionId, (board) => ({ state: operation(board.state) }), 'admin');
        return;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'ROTATION_NOT_OPEN') return;
        if (!(error instanceof DomainError && error.code === 'ROTATION_CHANGED') || attempt >= 3) throw error;
      }
    }
  }
}
