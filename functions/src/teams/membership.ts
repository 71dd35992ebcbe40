import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { index, key, prefix } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import type { UserRecord } from '#players/repository.ts';
import { DomainError } from '#platform/errors.ts';
import type { BookingRecord } from '#sessions/model.ts';
import type { MemberRecord } from './repository.ts';

const isConditionFailure = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

export class TeamMembersRepository {
  constructor(private readonly store: Store) {}

  private get table() {
    return this.store.tableName;
  }

  async members(teamId: string): Promise<MemberRecord[]> {
    return queryAll<MemberRecord>(this.store, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
      ExpressionAttributeValues: { ':pk': key.team(teamId).PK, ':member': prefix.member },
    });
  }

  /** Sets the block flag. A player who is not a member yet gets a (blocked) member record. */
  async setBlocked(teamId: string, user: UserRecord, blocked: boolean, now: Date): Promise<MemberRecord> {
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key.teamMember(teamId, user.userId),
          UpdateExpression: 'SET blocked = :blocked',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':blocked': blocked },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as MemberRecord;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    if (!blocked) throw new DomainError('MEMBER_NOT_FOUND');
    const member: MemberRecord = {
      type: 'member',
      teamId,
      userId: user.userId,
      name: user.name,
      pictureUrl: user.pictureUrl,
      blocked: true,
      membership: 'member',
      joinedAt: now.toISOString(),
    };
    try {
      await this.store.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { ...key.teamMember(teamId, user.userId), ...index.teamsOfUser(user.userId, teamId), ...member },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Update: {
                TableName: this.table,
                Key: key.team(teamId),
                UpdateExpression: 'ADD memberCount :one',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      );
    } catch (error) {
      // Joined a moment ago: block the record they just made.
      if (error instanceof TransactionCanceledException) return this.setBlocked(teamId, user, true, now);
      throw error;
    }
    return member;
  }

  async setMembership(teamId: string, userId: string, membership: MemberRecord['membership']): Promise<MemberRecord> {
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key.teamMember(teamId, userId),
          UpdateExpression: 'SET membership = :membership',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':membership': membership },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as MemberRecord;
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('MEMBER_NOT_FOUND');
      throw error;
    }
  }

  /** One player's booking rows in the given sessions, read strongly from the base table. */
  async bookingsIn(sessionIds: string[], userId: string): Promise<BookingRecord[]> {
    const found: BookingRecord[] = [];
    for (let i = 0; i < sessionIds.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = sessionIds
        .slice(i, i + 100)
        .map((id) => key.booking(id, userId));
      while (keys && keys.length > 0) {
        const result = await this.store.doc.send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: keys, ConsistentRead: true } } }),
        );
        found.push(...((result.Responses?.[this.table] ?? []) as BookingRecord[]));
        keys = result.UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined;
      }
    }
    return found;
  }
}
