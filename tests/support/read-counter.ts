import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface ReadTotals {
  /** Items DynamoDB read: Query `ScannedCount`, GetItem's item, BatchGetItem's items. */
  items: number;
  queries: number;
  calls: number;
}

/**
 * Counts what every call of `doc` reads, at the client (a middleware on its stack), so a test
 * or the browse bench can assert what one page costs whatever the code above it does.
 */
export function countReads(doc: DynamoDBDocumentClient) {
  const totals: ReadTotals = { items: 0, queries: 0, calls: 0 };
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const output = result.output as {
        Count?: number;
        ScannedCount?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]>;
      };
      const command = context.commandName ?? '';
      totals.calls += 1;
      if (command.startsWith('Query')) {
        totals.queries += 1;
        totals.items += output.ScannedCount ?? output.Count ?? 0;
      } else if (command.startsWith('GetItem')) {
        totals.items += output.Item ? 1 : 0;
      } else if (command.startsWith('BatchGetItem')) {
        totals.items += Object.values(output.Responses ?? {}).reduce((n, items) => n + items.length, 0);
      }
      return result;
    },
    { step: 'initialize', name: 'countReads' },
  );
  return {
    /** What `run` read. */
    async during<T>(run: () => Promise<T>): Promise<{ result: T; read: ReadTotals }> {
      const before = { ...totals };
      const result = await run();
      return {
        result,
        read: {
          items: totals.items - before.items,
          queries: totals.queries - before.queries,
          calls: totals.calls - before.calls,
        },
      };
    },
  };
}
