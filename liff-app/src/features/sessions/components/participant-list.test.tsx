import type { MemberList } from '@shuttle/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ParticipantList } from './participant-list';

/** docs/PRIVACY.md: a visitor's list has counts only; a player's shows names and only their own attendance. */
describe('ParticipantList', () => {
  it('shows a visitor how many are in and waiting, and a way to sign in, never names', () => {
    const counts: MemberList = { visibility: 'counts', accepted: [], waiting: [], acceptedCount: 5, waitingCount: 2 };
    render(<ParticipantList members={counts} error={null} loading={false} />);
    expect(screen.getByTestId('participant-counts').textContent).toMatch(/5.*2/);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('button')).toBeTruthy();
  });

  it("lists a lottery's entries before the draw instead of 'no participants yet' (issue 22)", () => {
    const entered: MemberList = {
      visibility: 'names',
      accepted: [],
      waiting: [],
      entered: [
        { name: '抽籤王', pictureUrl: '', partySize: 2, position: null, isMe: true },
        { name: '小華', pictureUrl: '', partySize: 1, position: null, isMe: false },
      ],
      acceptedCount: 0,
      waitingCount: 0,
      enteredCount: 2,
    };
    const { rerender } = render(<ParticipantList members={entered} error={null} loading={false} />);
    expect(screen.queryByTestId('no-participants')).toBeNull();
    const list = screen.getByTestId('participants').textContent ?? '';
    expect(list).toContain('抽籤登記');
    expect(list).toContain('抽籤王');
    expect(list).toContain('+1');
    expect(list).not.toContain('候補');
    const counts: MemberList = {
      visibility: 'counts',
      accepted: [],
      waiting: [],
      acceptedCount: 0,
      waitingCount: 0,
      enteredCount: 2,
    };
    rerender(<ParticipantList members={counts} error={null} loading={false} />);
    expect(screen.getByTestId('participant-counts').textContent).toBe('已有 2 筆抽籤登記');
  });

  it('shows a signed-in player the names, with an attendance mark on their own row only', () => {
    const names: MemberList = {
      visibility: 'names',
      accepted: [
        { name: '阿明', pictureUrl: '', partySize: 1, position: null, isMe: true, attendance: 'absent', level: 7 },
        { name: '小華', pictureUrl: '', partySize: 1, position: null, isMe: false },
      ],
      waiting: [],
      acceptedCount: 2,
      waitingCount: 0,
    };
    const { container } = render(<ParticipantList members={names} error={null} loading={false} />);
    expect(screen.getByText('小華')).toBeTruthy();
    const rows = container.querySelectorAll('li.participant');
    expect(rows[0]!.querySelector('.badge--absent')).not.toBeNull();
    expect(rows[1]!.querySelector('.badge')).toBeNull();
  });
});
