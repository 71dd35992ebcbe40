import type { ErrorCode } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { type Calls, usePaymentScenarios } from '../support/payment-scenarios.ts';

// The payments property (payments.property.test.ts) with a planted fault: it must fail.
const { planted, brokenRefundWrite, paymentProperty } = usePaymentScenarios();

describe('the payments property with a planted fault', () => {
  // Ten runs each: a broken call is caught in the first round that needs it, or by the totals.
  it.each([
    ['join', 'ALREADY_BOOKED'],
    ['cancel', 'BOOKING_NOT_FOUND'],
    ['markPaid', 'PAYMENT_NOT_ALLOWED'],
    ['markUnpaid', 'BOOKING_NOT_FOUND'],
    ['usePass', 'PASS_NOT_USABLE'],
    ['close', 'SESSION_NOT_ENDED'],
    ['reopen', 'REOPEN_EXPIRED'],
    ['settleRefund', 'NO_REFUND_DUE'],
  ] as [keyof Calls, ErrorCode][])('fails when %s always answers %s', async (method, code) => {
    await expect(paymentProperty(planted(method, code), 10)).rejects.toThrow(/must succeed|over all runs/);
  });

  it('fails when a refund kept as credit is written without the credit', async () => {
    await expect(paymentProperty(brokenRefundWrite(), 10)).rejects.toThrow(/line_Upay/);
  });
});
