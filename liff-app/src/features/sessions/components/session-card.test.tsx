import type { SessionSummary } from '@shuttle/shared';
import { i18next } from '@shuttle/shared/web/i18n-loader.ts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { SessionCard } from './session-card';

const base = {
  id: 's-1',
  title: '週四晚場',
  teamName: '大安羽球同好會',
  venue: '大安運動中心',
  region: '台北市',
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
  price: 250,
  capacity: 20,
  acceptedCount: 19,
  waitingCount: 0,
  remaining: 1,
  status: 'open',
  bookingClosed: false,
  categories: [],
} as unknown as SessionSummary;

function card(over: Partial<SessionSummary> = {}) {
  render(
    <MemoryRouter>
      <ul>
        <SessionCard session={{ ...base, ...over } as SessionSummary} />
      </ul>
    </MemoryRouter>,
  );
  return screen.getByTestId('session-card');
}

afterEach(() => changeLanguage('zh-TW'));

describe('session card', () => {
  it('counts places one way, open or ended: taken of the capacity', () => {
    expect(card().textContent).toContain('19 / 20 人');
    expect(screen.getByTestId('session-card').textContent).not.toContain('剩');
  });

  it('says the same for an ended session', () => {
    const ended = card({ status: 'ended', acceptedCount: 18, remaining: 2 });
    expect(ended.textContent).toContain('18 / 20 人');
  });

  it('a lottery taking entries counts who draws for the places, not seats: 11 人抽 8 位, 抽籤報名中', () => {
    const lottery = card({ signupMode: 'lottery', capacity: 8, acceptedCount: 0, remaining: 8, lotteryEntrants: 11 });
    expect(lottery.querySelector('[data-testid="session-places"]')?.textContent).toBe('11 人抽 8 位');
    expect(lottery.querySelector('[data-testid="session-badge"]')?.textContent).toBe('抽籤報名中');
    expect(lottery.textContent).not.toContain('0 / 8 人');
  });

  it('says 已額滿 with its waitlist, the words an admin sees too', () => {
    const full = card({ acceptedCount: 20, remaining: 0, waitingCount: 3 });
    expect(full.querySelector('[data-testid="session-badge"]')?.textContent).toBe('已額滿');
    expect(full.querySelector('[data-testid="session-places"]')?.textContent).toBe('已額滿 · 候補 3 人');
  });

  it('labels a session without a level range 不限程度, and one with a range by its levels', () => {
    expect(card().querySelector('[data-testid="level-range"]')?.textContent).toBe('不限程度');
  });

  it('shows a level range when the session has one', () => {
    const ranged = card({ levelMin: 3, levelMax: 6 } as Partial<SessionSummary>);
    expect(ranged.querySelector('[data-testid="level-range"]')?.textContent).toMatch(/3–6/);
  });
});

describe('places left in English', () => {
  it('pluralises by the capacity: 1 of 20 places left', async () => {
    await changeLanguage('en');
    expect(i18next.t('session.remaining', { count: 1, capacity: 20 })).toBe('1 of 20 places left');
    expect(i18next.t('session.placesLeft', { count: 1 })).toBe('1 place left');
    expect(i18next.t('session.placesLeft', { count: 2 })).toBe('2 places left');
  });
});
