import { ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ISO_INSTANT_PATTERN, toUtcInstant, UTC_INSTANT_PATTERN } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { DEFAULT_RETRY, isTransientStoreError, withRetry } from '#platform/retry.ts';

/**
 * Migration "normalise instants" (TABLE.md, "Instants"): every instant stored in another form
 * than UTC `YYYY-MM-DDTHH:mm:ss.sssZ` (an older `courtSession/updateVenue` kept `+08:00` as sent)
 * is rewritten to it, together with the keys that embed it (`<startsAt>#<id>` index sort keys,
 * `SIGNUPJOBS` sort keys), so text comparisons and key ranges order it as time again.
 *
 * - Idempotent: an item already in the UTC form is not written; a second run changes nothing.
 * - Bounded: one Scan page (`pageSize` items) at a time, its writes done before the next page.
 * - Safe beside live traffic: each write is conditional on the old values, so a concurrent change
 *   wins and the item is counted as a conflict (a rerun normalises it).
 * A Scan is fine for a one-off migration; no request path scans (TABLE.md).
 */

export interface NormaliseResult {
  scanned: number;
  /** Items rewritten in place. */
  changed: number;
  /** Items whose PK or SK embedded an instant: written under the new key, the old one deleted. */
  rekeyed: number;
  /** Items changed by someone else between the read and the write; a rerun takes them. */
  conflicts: number;
}

/** Attributes that hold an instant as their whole value: createdAt, startsAt, offerExpiresAt, leaseUntil… */
const INSTANT_NAME = /(At|Until|After)$/;
/** Key attributes that embed instants among other parts (`<startsAt>#<id>`, `<dueAt>#draw#<id>`). */
const KEY_NAME = /^(PK|SK|GSI\d+SK)$/;
/** An instant inside a key, delimited by the start, the end, `#` or `|`. */
const EMBEDDED_INSTANT =
  /(?<=^|[#|])\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)(?=$|[#|])/g;

const normalInstant = (text: string) =>
  !UTC_INSTANT_PATTERN.test(text) && ISO_INSTANT_PATTERN.test(text) ? (toUtcInstant(text) ?? text) : text;

/** `value` with every instant it holds in the UTC form (lists and maps walked, free text left alone). */
function normaliseValue(name: string, value: unknown): unknown {
  if (typeof value === 'string') {
    if (KEY_NAME.test(name)) return value.replace(EMBEDDED_INSTANT, normalInstant);
    return INSTANT_NAME.test(name) ? normalInstant(value) : value;
  }
  if (Array.isArray(value)) return value.map((v) => normaliseValue(name, v));
  if (value && typeof value === 'object' && !(value instanceof Uint8Array) && !(value instanceof Set)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseValue(k, v)]));
  }
  return value;
}

/** The top-level attributes of `item` whose value changes, with their new values. */
export function instantChanges(item: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    const next = normaliseValue(name, value);
    if (JSON.stringify(next) !== JSON.stringify(value)) changes[name] = next;
  }
  return changes;
}

const isConflict = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');

async function rewrite(store: Store, item: Record<string, unknown>, changes: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const conditions: string[] = [];
  Object.entries(changes).forEach(([name, next], i) => {
    names[`#a${i}`] = name;
    values[`:n${i}`] = next;
    values[`:o${i}`] = item[name];
    sets.push(`#a${i} = :n${i}`);
    conditions.push(`#a${i} = :o${i}`);
  });
  await store.doc.send(
    new UpdateCommand({
      TableName: store.tableName,
      Key: { PK: item.PK, SK: item.SK },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** A key that embeds an instant cannot be updated: the item moves to its new key in one transaction. */
async function rekey(store: Store, item: Record<string, unknown>, changes: Record<string, unknown>) {
  const moved = { ...item, ...changes };
  await store.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: store.tableName, Item: moved, ConditionExpression: 'attribute_not_exists(PK)' } },
        {
          Delete: {
            TableName: store.tableName,
            Key: { PK: item.PK, SK: item.SK },
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
      ],
    }),
  );
}

/** Runs the migration over the whole table, one Scan page at a time; logs one line when `log` is given. */
export async function normaliseInstants(
  store: Store,
  options: { pageSize?: number; log?: Pick<Console, 'log'> } = {},
): Promise<NormaliseResult> {
  const result: NormaliseResult = { scanned: 0, changed: 0, rekeyed: 0, conflicts: 0 };
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await withRetry(
      () =>
        store.doc.send(
          new ScanCommand({ TableName: store.tableName, Limit: options.pageSize ?? 100, ExclusiveStartKey }),
        ),
      isTransientStoreError,
      DEFAULT_RETRY,
    );
    for (const item of (page.Items ?? []) as Record<string, unknown>[]) {
      result.scanned += 1;
      const changes = instantChanges(item);
      if (Object.keys(changes).length === 0) continue;
      const moves = 'PK' in changes || 'SK' in changes;
      try {
        await withRetry(
          () => (moves ? rekey(store, item, changes) : rewrite(store, item, changes)),
          isTransientStoreError,
          DEFAULT_RETRY,
        );
        result[moves ? 'rekeyed' : 'changed'] += 1;
      } catch (error) {
        if (!isConflict(error)) throw error;
        result.conflicts += 1;
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  options.log?.log(
    `Instants normalised to UTC: ${result.changed} items rewritten, ${result.rekeyed} moved to new keys` +
      ` (${result.scanned} read${result.conflicts ? `, ${result.conflicts} changed meanwhile: run again` : ''})`,
  );
  return result;
}
