import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, monthsBetween, taipeiDate } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import type { Decoder } from '#db/codec.ts';
import { type SessionRecord, sessionCodec, sessionKeys } from '#db/codecs/sessions.ts';
import { index, key } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import { isConditionFailure } from '#db/transaction.ts';

/** A session with whether it already has its price index keys (GSI4). */
const INDEXED_SESSION: Decoder<{ session: SessionRecord; priced: boolean }> = {
  decode: (item) => ({ session: sessionCodec.decode(item), priced: typeof item.GSI4PK === 'string' }),
};

/**
 * Sessions kept in a local `.data/` from before the price index (GSI4) existed get its keys, so
 * price order of a day finds them too; written from each item's own start and price, only while
 * the start is the one read. Reads the GSI1 month partitions from 60 days back to 120 ahead.
 */
export async function fillPriceIndex(store: Store, now: Date): Promise<void> {
  const today = taipeiDate(now);
  for (const month of monthsBetween(addDays(today, -60), addDays(today, 120))) {
    const sessions = await queryAll(store, INDEXED_SESSION, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': index.monthPartition(month) },
    });
    for (const { session } of sessions.filter((s) => !s.priced)) {
      const { GSI4PK, GSI4SK } = sessionKeys(session);
      try {
        await store.doc.send(
          new UpdateCommand({
            TableName: store.tableName,
            Key: key.session(session.id),
            UpdateExpression: 'SET GSI4PK = :pk, GSI4SK = :sk',
            ConditionExpression: 'startsAt = :startsAt',
            ExpressionAttributeValues: { ':pk': GSI4PK, ':sk': GSI4SK, ':startsAt': session.startsAt },
          }),
        );
      } catch (error) {
        // Moved or deleted meanwhile: the change wrote its own keys.
        if (!isConditionFailure(error)) throw error;
      }
    }
  }
}
