import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import type { ReadCodec } from '#db/codec.ts';
import { lineBindCodeCodec, lineGroupCodec, type TeamRecord, teamCodec } from '#db/codecs/teams.ts';
import { key } from '#db/keys.ts';
import { isConditionFailure } from '#db/transaction.ts';

/**
 * The items of binding a LINE group to a team (TABLE.md, "LINE groups"): codes, the group's link
 * and the team's group fields. Reads are strongly consistent: each decides a write.
 */

async function read<T>(store: Store, codec: ReadCodec<T>, itemKey: { PK: string; SK: string }): Promise<T | null> {
  const { Item } = await store.doc.send(
    new GetCommand({ TableName: store.tableName, Key: itemKey, ConsistentRead: true }),
  );
  return codec.decodeOrNull(Item);
}

export const readBindCode = (store: Store, codeHash: string) =>
  read(store, lineBindCodeCodec, key.lineBindCode(codeHash));
export const readGroupLink = (store: Store, groupId: string) => read(store, lineGroupCodec, key.lineGroup(groupId));
export const readTeam = (store: Store, teamId: string): Promise<TeamRecord | null> =>
  read(store, teamCodec, key.team(teamId));

/**
 * Whether to alert the owner's admins of a refused code: true at most once `everyMs` per group
 * (one conditional update of the group's link, `refusalAlertAt`).
 */
export async function claimRefusalAlert(
  store: Store,
  groupId: string,
  ownerId: string,
  now: Date,
  everyMs: number,
): Promise<boolean> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: key.lineGroup(groupId),
        UpdateExpression: 'SET refusalAlertAt = :now',
        ConditionExpression: 'teamId = :owner AND (attribute_not_exists(refusalAlertAt) OR refusalAlertAt <= :earlier)',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':owner': ownerId,
          ':earlier': new Date(now.getTime() - everyMs).toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Keeps the bound group's name on the team, only while the team still names that group. */
export async function saveGroupName(store: Store, teamId: string, groupId: string, name: string): Promise<void> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: key.team(teamId),
        UpdateExpression: 'SET lineGroupName = :name',
        ConditionExpression: 'lineGroupId = :group',
        ExpressionAttributeValues: { ':name': name.slice(0, 100), ':group': groupId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
