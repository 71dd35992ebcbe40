import type { ErrorCode } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { type Calls, offers, PROPERTY_TIMEOUT, planted, useScenarios } from '../support/booking-scenarios.ts';

const s = useScenarios();

describe('waitlist offers under random interleavings (docs/FAIR-SIGNUP.md)', () => {
  it(
    'a freed place is offered in order, and accepting, declining or letting it lapse keeps the invariants',
    async () => {
      await offers(s, s.engine, 30);
    },
    PROPERTY_TIMEOUT,
  );

  // Ten runs each: a broken call is caught in the first round that needs it, or by the totals.
  it.each([
    ['acceptOffer', 'OFFER_EXPIRED'],
    ['declineOffer', 'OFFER_NOT_FOUND'],
  ] as [keyof Calls, ErrorCode][])('the offers property fails when %s always answers %s', async (method, code) => {
    await expect(offers(s, planted(s.engine, method, code), 10)).rejects.toThrow(/must succeed|over all runs/);
  });
});
