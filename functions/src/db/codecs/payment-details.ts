import type { PaymentDetails } from '@shuttle/shared';
import * as z from '../schema.ts';

/**
 * Where players pay (`setting/updatePaymentDetails`, docs/ON-COURT.md), as kept on the team item
 * and in the owners' notice of a change; `accountName` is absent on details saved before it ('').
 */
export const paymentDetailsSchema: z.Schema<PaymentDetails> = z.object({
  bankCode: z.string(),
  accountName: z.string().default(''),
  bankAccount: z.string(),
  linePayUrl: z.string(),
  jkoPayUrl: z.string(),
});
