import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminSession } from '@/testing/fixtures';
import { SessionRow } from './session-row';

function row(over: Partial<typeof adminSession>) {
  render(
    <MemoryRouter>
      <ul>
        <SessionRow session={{ ...adminSession, ...over }} to="/detail?id=session-1" />
      </ul>
    </MemoryRouter>,
  );
  return { badge: screen.getByTestId('session-badge'), places: screen.getByTestId('session-places') };
}

// The dashboard's rows say what players read (issue 30): the shared status model and `status` texts.
describe('a session row on the dashboard', () => {
  it('says 已額滿 with its waitlist where players see 已額滿, not 報名中', () => {
    const { badge, places } = row({ status: 'open', acceptedCount: 8, remaining: 0, waitingCount: 2, fillRate: 100 });
    expect(badge.textContent).toBe('已額滿');
    expect(places.textContent).toBe('已額滿 · 候補 2 人');
  });

  it('counts a lottery taking entries as players do: 11 人抽 8 位', () => {
    const { badge, places } = row({
      status: 'open',
      signupMode: 'lottery',
      acceptedCount: 0,
      remaining: 8,
      lotteryEntrants: 11,
      fillRate: 0,
    });
    expect(badge.textContent).toBe('抽籤報名中');
    expect(places.textContent).toBe('11 人抽 8 位');
  });

  it('names a session closed by the organiser by its one badge, and counts who came', () => {
    const { badge, places } = row({ status: 'open', bookingClosed: true });
    expect(badge.textContent).toBe('已截止報名');
    expect(places.textContent).toBe('3 / 8 人');
  });
});
