import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from './client.ts';
import type { StoredItem } from './codec.ts';
import { isConditionFailure } from './transaction.ts';

/** Puts an item (as its codec encoded it) unless one with its key exists; false when one did. */
export async function putIfAbsent(store: Store, item: StoredItem): Promise<boolean> {
  try {
    await store.doc.send(
      new PutCommand({ TableName: store.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes the item with this key, if there is one. */
export async function deleteItem(store: Store, itemKey: { PK: string; SK: string }): Promise<void> {
  await store.doc.send(new DeleteCommand({ TableName: store.tableName, Key: itemKey }));
}
