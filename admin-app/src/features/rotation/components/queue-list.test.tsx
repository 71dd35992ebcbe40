import type { RotationAdminPlayer } from '@shuttle/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueueList } from './queue-list';

/** The admin board's queue (docs/ON-COURT.md, "The band on the board"): the band where the board carries it. */

const player = (n: number, rating: RotationAdminPlayer['rating']): RotationAdminPlayer => ({
  playerId: `p${n}`,
  userId: `u${n}`,
  name: ['王小明', '李大華', '陳小美'][n - 1]!,
  state: 'ready',
  gamesPlayed: 3,
  court: null,
  queuePosition: n,
  lockedWith: null,
  rating,
});

describe('the queue list', () => {
  it('shows the band beside the players whose band the board carries, and nothing beside the others', () => {
    const noop = () => {};
    render(
      <QueueList
        players={[
          player(1, null),
          player(2, { level: 7.4, low: 6.2, high: 8.6, provisional: true, games: 3 }),
          player(3, { level: 11, low: 10.1, high: 11.9, provisional: false, games: 14 }),
        ]}
        helperUserId={null}
        busy={false}
        onSetState={noop}
        onMoveUp={noop}
        onLockPair={noop}
        onSetHelper={noop}
      />,
    );
    const rows = screen.getAllByTestId('queue-player');
    expect(rows.map((r) => r.querySelector('[data-testid="board-rating"]')?.textContent ?? null)).toEqual([
      null,
      '比賽等級 7.4（6.2–8.6） · 暫定，3 場',
      '比賽等級 11（10.1–11.9）',
    ]);
  });
});
