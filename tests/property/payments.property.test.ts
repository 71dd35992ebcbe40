import { describe, it } from 'vitest';
import { PROPERTY_TIMEOUT, usePaymentScenarios } from '../support/payment-scenarios.ts';

// Its planted faults, which show that it can fail, run beside it: payments-planted.property.test.ts.
const { realCalls, paymentProperty } = usePaymentScenarios();

describe('payments and passes under random interleavings with the booking engine', () => {
  it(
    'a pass never goes below zero and counts exactly its uses; a booking is paid at most once; a cancelled booking never becomes paid; per-head shares, refunds due, refunds and credit stay consistent',
    async () => {
      await paymentProperty(realCalls(), 25);
    },
    PROPERTY_TIMEOUT,
  );
});
