import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { Store } from '@shuttle/functions/db/client.ts';

export type Fault = 'conflict' | 'throttle' | 'timeout' | 'hangUp' | 'serverError';

/**
 * What the SDK raises for the other faults, as it raises them (checked against a stalled
 * DynamoDB Local): its request timeout, a keep-alive socket the database closed, a 500.
 */
const RAISED: Record<'timeout' | 'hangUp' | 'serverError', () => Error> = {
  timeout: () =>
    Object.assign(
      new Error('@smithy/node-http-handler - [ERROR] a request has exceeded the configured requestTimeout.'),
      {
        name: 'TimeoutError',
        code: 'ETIMEDOUT',
      },
    ),
  hangUp: () => Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET' }),
  serverError: () =>
    Object.assign(new Error('The request processing has failed because of an unknown error.'), {
      name: 'InternalFailure',
      $fault: 'server',
      $metadata: { httpStatusCode: 500 },
    }),
};

/**
 * Injects the failures the real service raises and DynamoDB Local never does: a transaction
 * cancelled by a conflicting transaction on the same item, throttling, a request timeout, a
 * dropped connection, a 500. Added as SDK middleware, so the request never reaches the engine
 * (as when the service refuses it, or the request is lost on the way).
 */
export function injectFaults(store: Store, decide: (command: string) => Fault | null) {
  const stats = { conflict: 0, throttle: 0, raised: 0 };
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
      if (fault === 'timeout' || fault === 'hangUp' || fault === 'serverError') {
        stats.raised++;
        throw RAISED[fault]();
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
