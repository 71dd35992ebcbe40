import type { ErrorCode } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { bookingProperty, type Calls, PROPERTY_TIMEOUT, planted, useScenarios } from '../support/booking-scenarios.ts';

const s = useScenarios();

describe('the booking engine under random interleavings', () => {
  it(
    'keeps the booking invariants 1-4 (docs/ARCHITECTURE.md) after any mix of joins, cancels, capacity changes, check-ins and their undoing, moves up and walk-ins',
    async () => {
      await bookingProperty(s, s.engine, 40);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('the property with a planted always-refusing engine call', () => {
  // Ten runs each: a broken call is caught in the first round that needs it, or by the totals.
  it.each([
    ['join', 'ALREADY_BOOKED'],
    ['cancel', 'BOOKING_NOT_FOUND'],
    ['changeCapacity', 'CAPACITY_BELOW_ACCEPTED'],
    ['checkIn', 'BOOKING_NOT_FOUND'],
    ['promote', 'NOT_WAITING'],
    ['addWalkIn', 'ALREADY_BOOKED'],
  ] as [keyof Calls, ErrorCode][])('the booking property fails when %s always answers %s', async (method, code) => {
    await expect(bookingProperty(s, planted(s.engine, method, code), 10)).rejects.toThrow(/must succeed|over all runs/);
  });
});
