import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '@shuttle/functions/db/bootstrap.ts';
import type { Store } from '@shuttle/functions/db/client.ts';
import { writeAll } from './national.ts';

/**
 * Every item of `from` put into the table `to` (created when missing, with the table's shape).
 * Seeding the demo data costs DynamoDB Local 6-14 s of CPU (187 transactions); a copy of a seeded
 * table, one scan and batch writes, about 1 s (docs/TESTING.md, "Suite time"). `from` must be
 * still while it is copied: a scan is not a snapshot.
 */
export async function copyTable(from: Store, to: string): Promise<number> {
  await ensureTable(from.doc, to);
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await from.doc.send(
      new ScanCommand({ TableName: from.tableName, ExclusiveStartKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  await writeAll({ doc: from.doc, tableName: to }, items);
  return items.length;
}
