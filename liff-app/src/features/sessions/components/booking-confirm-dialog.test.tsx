import type { SessionDetail } from '@shuttle/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingConfirmDialog } from './booking-confirm-dialog';

const session = {
  id: 's-1',
  title: '週四晚場',
  venue: '大安運動中心',
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
  price: 250,
  remaining: 5,
  waitingCount: 0,
} as unknown as SessionDetail;

function feeWith(partySize: number) {
  render(
    <BookingConfirmDialog
      session={session}
      open
      busy={false}
      onConfirm={() => undefined}
      onCancel={() => undefined}
      partySize={partySize}
      onPartySize={() => undefined}
    />,
  );
  return screen.getByTestId('booking-confirm').textContent ?? '';
}

describe('booking confirmation fee', () => {
  it('counts a +1 guest: the price of every place', () => {
    expect(feeWith(2)).toContain('500 元（250 元 × 2 位）');
  });

  it('shows the plain price for the player alone', () => {
    const text = feeWith(1);
    expect(text).toContain('250 元');
    expect(text).not.toContain('×');
  });
});
