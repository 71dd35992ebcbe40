import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { isGuestId } from '#db/keys.ts';
import { teamPlayedUpdate } from '#db/team-played.ts';
import { DEFAULT_RETRY, isTransientStoreError, withRetry } from '#platform/retry.ts';

/**
 * Migration "record team players" (TABLE.md, "Items": `PLAYED#`): every booking row written
 * before joins recorded that its player booked with the team gets that record now, so an admin
 * can name a player who booked with the team before (docs/ARCHITECTURE.md, "References").
 *
 * - Idempotent: the record is an Update with `if_not_exists`, so a rerun changes nothing.
 * - Bounded: one Scan page of booking rows at a time, filtered on the server.
 * - Leaves out guests (no account) and rows of deleted accounts (`anonymised`).
 * A Scan is fine for a one-off migration; no request path scans (TABLE.md).
 */
export async function recordTeamPlayers(
  store: Store,
  options: { pageSize?: number; log?: Pick<Console, 'log'> } = {},
): Promise<{ scanned: number; recorded: number }> {
  const result = { scanned: 0, recorded: 0 };
  const seen = new Set<string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await withRetry(
      () =>
        store.doc.send(
          new ScanCommand({
            TableName: store.tableName,
            Limit: options.pageSize ?? 100,
            ExclusiveStartKey,
            FilterExpression: '#type = :booking AND attribute_not_exists(anonymised)',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':booking': 'booking' },
          }),
        ),
      isTransientStoreError,
      DEFAULT_RETRY,
    );
    for (const item of (page.Items ?? []) as { teamId?: string; userId?: string; bookedAt?: string }[]) {
      result.scanned += 1;
      const { teamId, userId, bookedAt } = item;
      if (!teamId || !userId || !bookedAt || isGuestId(userId) || seen.has(`${teamId}|${userId}`)) continue;
      seen.add(`${teamId}|${userId}`);
      await withRetry(
        () =>
          store.doc.send(
            new UpdateCommand({ TableName: store.tableName, ...teamPlayedUpdate(teamId, userId, bookedAt) }),
          ),
        isTransientStoreError,
        DEFAULT_RETRY,
      );
      result.recorded += 1;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  options.log?.log(`record team players: ${result.scanned} booking rows, ${result.recorded} team players recorded`);
  return result;
}
