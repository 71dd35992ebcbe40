import type { ErrorCode } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { type Calls, lastCall, PROPERTY_TIMEOUT, planted, useScenarios } from '../support/booking-scenarios.ts';

const s = useScenarios();

describe('last call under random interleavings (docs/FAIR-SIGNUP.md)', () => {
  it(
    'frees inside the final window and concurrent claims give each open seat once, order kept',
    async () => {
      await lastCall(s, s.engine, 40);
    },
    PROPERTY_TIMEOUT,
  );

  // Ten runs each: a broken call is caught in the first round that needs it, or by the totals.
  it.each([
    ['acceptOffer', 'PLACE_TAKEN'],
    ['cancel', 'BOOKING_NOT_FOUND'],
  ] as [keyof Calls, ErrorCode][])('the last call property fails when %s always answers %s', async (method, code) => {
    await expect(lastCall(s, planted(s.engine, method, code), 10)).rejects.toThrow(/must succeed|over all runs/);
  });
});
