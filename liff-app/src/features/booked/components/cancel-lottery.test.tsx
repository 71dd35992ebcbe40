import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CancelBookingButton } from './cancel-booking';

const entry = {
  status: 'entered' as const,
  position: null,
  partySize: 1,
  canCancel: true,
  attendance: null,
  bookedAt: '2099-05-01T04:00:00.000Z',
};

describe('leaving a lottery (issue 30: a lottery says so everywhere)', () => {
  it('is 取消抽籤 with its own dialog, not 取消預約', () => {
    render(<CancelBookingButton session={{ id: 's-1', title: '週四晚場', myBooking: entry }} />);
    const button = screen.getByTestId('cancel-booking');
    expect(button.textContent).toBe('取消抽籤');
    fireEvent.click(button);
    const dialog = screen.getByTestId('cancel-dialog');
    expect(dialog.textContent).toContain('取消抽籤');
    expect(dialog.textContent).toContain('不參加開獎');
    expect(dialog.textContent).not.toContain('取消預約');
    expect(screen.getByRole('button', { name: '保留登記' })).toBeTruthy();
  });

  it('keeps 取消預約 for a seat', () => {
    render(
      <CancelBookingButton session={{ id: 's-1', title: '週四晚場', myBooking: { ...entry, status: 'accepted' } }} />,
    );
    expect(screen.getByTestId('cancel-booking').textContent).toBe('取消預約');
  });
});
