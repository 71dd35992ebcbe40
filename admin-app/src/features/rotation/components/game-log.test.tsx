import type { RotationLogEntry } from '@shuttle/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GameLog } from './game-log';

/** The evening's log on the admin board (docs/ON-COURT.md, "Ratings"): results and their corrections. */

const ref = (n: number) => ({ playerId: `p${n}`, name: ['王小明', '李大華', '陳小美', '林志明'][n - 1]! });
const FINISHED = Date.parse('2026-12-03T12:00:00.000Z');
const entry = (gameNo: number, minutesAgo: number, result: Partial<RotationLogEntry>): RotationLogEntry => ({
  gameNo,
  court: 1,
  teams: [
    [ref(1), ref(2)],
    [ref(3), ref(4)],
  ],
  score: null,
  winner: null,
  finishedAt: new Date(FINISHED - minutesAgo * 60_000).toISOString(),
  ...result,
});

function renderLog(log: RotationLogEntry[]) {
  const onCorrect = vi.fn();
  render(<GameLog log={log} scoring={21} busy={false} now={FINISHED} onCorrect={onCorrect} />);
  return onCorrect;
}

describe('the game log', () => {
  it('lists the latest game first with its result; only games within 30 minutes can be corrected', () => {
    renderLog([
      entry(1, 45, { winner: 0 }),
      entry(2, 30, { winner: 1, score: [17, 21] }),
      entry(3, 5, { winner: null }),
    ]);
    const items = screen.getAllByTestId('log-entry');
    expect(items.map((i) => i.dataset.gameNo)).toEqual(['3', '2', '1']);
    expect(items.map((i) => within(i).getByTestId('log-result').textContent)).toEqual([
      '未記結果',
      '陳小美、林志明 勝 21–17',
      '王小明、李大華 勝',
    ]);
    expect(items.map((i) => within(i).queryByTestId('change-result') !== null)).toEqual([true, true, false]);
    // A game without a result has nothing to remove.
    expect(items.map((i) => within(i).queryByTestId('remove-result') !== null)).toEqual([false, true, false]);
  });

  it('removes a result, or changes it to the other side with a score', () => {
    const onCorrect = renderLog([entry(4, 10, { winner: 0 })]);
    fireEvent.click(screen.getByTestId('remove-result'));
    expect(onCorrect).toHaveBeenLastCalledWith(4, { remove: true });
    fireEvent.click(screen.getByTestId('change-result'));
    expect(screen.getByRole('dialog', { name: '修改第 4 場結果' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('score-pick'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('winner-1'));
    expect(onCorrect).toHaveBeenLastCalledWith(4, { winner: 1, score: [expect.any(Number), 21] });
  });

  it('says so when no game has finished', () => {
    renderLog([]);
    expect(screen.getByText('還沒有結束的比賽')).toBeTruthy();
  });
});
