import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { Store } from '@shuttle/functions/db/client.ts';

export type Fault = 'conflict' | 'throttle';

/**
 * Injects the failures the real service raises and DynamoDB Local never does: a transaction
 * cancelled by a conflicting transaction on the same item, and throttling. Added as SDK
 * middleware, so the request never reaches the engine (as when the service refuses it).
 */
export function injectFaults(store: Store, decide: (command: string) => Fault | null) {
  const stats = { conflict: 0, throttle: 0 };
  store.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const fault = decide(String(context.commandName));
      if (fault === 'conflict' && String(context.commandName) === 'TransactWriteItemsCommand') {
        stats.conflict++;
        const items = ((args.input as { TransactItems?: unknown[] }).TransactItems ?? []).length;
        throw new TransactionCanceledException({
          message:
            'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
          $metadata: { httpStatusCode: 400 },
          CancellationReasons: Array.from({ length: items }, (_, i) =>
            i === 0
              ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }
              : { Code: 'None' },
          ),
        });
      }
      if (fault === 'throttle') {
        stats.throttle++;
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
          name: 'ThrottlingException',
          $metadata: { httpStatusCode: 400 },
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'injectFaults' },
  );
  return stats;
}
