import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { calendarFeedCodec, calendarFeedPointerCodec } from '#db/codecs/players.ts';
import { key } from '#db/keys.ts';

/**
 * The two items of a personal calendar feed (TABLE.md, "Calendar feeds"): the lookup item keyed
 * by the SHA-256 of the URL token, and the player's pointer that keeps the token. Both are
 * written together in one transaction (feeds.ts).
 */

/** The player's pointer (token and its hash), read strongly (a replacement follows), or null. */
export async function readFeedPointer(store: Store, userId: string) {
  const { Item } = await store.doc.send(
    new GetCommand({ TableName: store.tableName, Key: key.userCalendarFeed(userId), ConsistentRead: true }),
  );
  return calendarFeedPointerCodec.decodeOrNull(Item);
}

/** Whose feed the token with this hash opens, or null. */
export async function readFeedOwner(store: Store, tokenHash: string): Promise<string | null> {
  const { Item } = await store.doc.send(
    new GetCommand({ TableName: store.tableName, Key: key.calendarFeed(tokenHash) }),
  );
  return calendarFeedCodec.decodeOrNull(Item)?.userId ?? null;
}
