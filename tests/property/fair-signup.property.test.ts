import type { ErrorCode } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { anyTime, type Calls, PROPERTY_TIMEOUT, planted, useScenarios } from '../support/booking-scenarios.ts';

const s = useScenarios();

describe('fair sign-up under random interleavings (docs/FAIR-SIGNUP.md)', () => {
  it(
    'keeps the invariants with entries, draws, guests, cancels, capacity changes and claims at any hour before the start',
    async () => {
      await anyTime(s, s.engine, 40);
    },
    PROPERTY_TIMEOUT,
  );

  // Ten runs each: a broken call is caught in the first round that needs it, or by the totals.
  it.each([
    ['join', 'ALREADY_BOOKED'],
    ['cancel', 'BOOKING_NOT_FOUND'],
    ['changeCapacity', 'CAPACITY_BELOW_ACCEPTED'],
  ] as [keyof Calls, ErrorCode][])(
    'the fair sign-up property fails when %s always answers %s',
    async (method, code) => {
      await expect(anyTime(s, planted(s.engine, method, code), 10)).rejects.toThrow(/must succeed|over all runs/);
    },
  );
});
