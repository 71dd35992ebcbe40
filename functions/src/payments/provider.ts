import type { PaymentMethod } from '@shuttle/shared';

/**
 * The port a payment gateway would plug into (docs/MONEY.md, "A gateway later"). None is
 * integrated: money changes hands at the door or by bank transfer, and an admin records it
 * (`payments/markPaid`). A gateway adapter (LINE Pay, JKO Pay, a card acquirer) would implement
 * this, and its confirmation webhook would call the same conditional write as `markPaid`, with
 * the gateway's transaction id as `reference`, so a payment is still recorded at most once.
 */
export interface PaymentProvider {
  /** Which methods this provider takes money for. */
  readonly methods: readonly PaymentMethod[];
  /**
   * Starts a payment of `amount` NT dollars for one booking; answers where to send the player
   * (a gateway page or app link), or null when the money is collected in person.
   */
  start(request: { sessionId: string; userId: string; amount: number; idempotencyKey: string }): Promise<{
    redirectUrl: string | null;
    reference: string | null;
  }>;
  /** Verifies a gateway's notification and names the booking it paid, or null when it is not genuine. */
  confirm(notification: { body: string; signature: string }): Promise<{
    sessionId: string;
    userId: string;
    amount: number;
    method: PaymentMethod;
    reference: string;
  } | null>;
}

/** Today's provider: cash and transfers, recorded by an admin; nothing is charged online. */
export const manualPayments: PaymentProvider = {
  methods: ['cash', 'transfer', 'other'],
  start: async () => ({ redirectUrl: null, reference: null }),
  confirm: async () => null,
};
