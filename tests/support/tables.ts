import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '@shuttle/functions/db/bootstrap.ts';
import type { Store } from '@shuttle/functions/db/client.ts';
import { writeAll } from './national.ts';

/** Every item of a table, read consistently (a test-only Scan; request paths never scan). */
export async function scanAll(store: Store): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await store.doc.send(
      new ScanCommand({ TableName: store.tableName, ExclusiveStartKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/**
 * Every item of `from` put into the table `to` (created when missing, with the table's shape).
 * Seeding the demo data costs DynamoDB Local 6-12 s of CPU; a copy of a seeded table, one scan
 * and batch writes, about 1 s (docs/TESTING.md, "Suite time"). `from` must be still while it is
 * copied: a scan is not a snapshot.
 */
export async function copyTable(from: Store, to: string): Promise<number> {
  await ensureTable(from.doc, to);
  const items = await scanAll(from);
  await writeAll({ doc: from.doc, tableName: to }, items);
  return items.length;
}
