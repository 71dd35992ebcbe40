import type { MyBooking } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { bookedPhase, isCancellable } from './cancellable';

const booking: MyBooking = {
  status: 'accepted',
  position: null,
  partySize: 1,
  canCancel: true,
  attendance: null,
  bookedAt: '2026-11-20T02:00:00.000Z',
};
const upcoming = { status: 'open' as const, startingSoon: false, myBooking: booking };

describe('cancel button of a booked session', () => {
  it('is offered for an upcoming booking the server allows to cancel', () => {
    expect(isCancellable(upcoming)).toBe(true);
  });

  it("is not offered once the session is 'Starting Soon' or 'In Progress'", () => {
    expect(isCancellable({ ...upcoming, startingSoon: true })).toBe(false);
    expect(isCancellable({ ...upcoming, status: 'inProgress' })).toBe(false);
    expect(bookedPhase({ ...upcoming, startingSoon: true })).toBe('startingSoon');
    expect(bookedPhase({ ...upcoming, status: 'inProgress' })).toBe('inProgress');
  });

  it('is not offered after check-in', () => {
    const checkedIn = { ...upcoming, myBooking: { ...booking, attendance: 'attended' as const } };
    expect(isCancellable(checkedIn)).toBe(false);
    expect(bookedPhase(checkedIn)).toBe('checkedIn');
  });

  it('follows the server when it refuses', () => {
    expect(isCancellable({ ...upcoming, myBooking: { ...booking, canCancel: false } })).toBe(false);
    expect(isCancellable({ ...upcoming, myBooking: null })).toBe(false);
  });
});
