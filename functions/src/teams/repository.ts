import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { index, key } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import { DomainError } from '#platform/errors.ts';

/** A team as stored (key `TEAM#id / TEAM`). Admin settings extend it in place. */
export interface TeamRecord {
  type: 'team';
  id: string;
  name: string;
  defaultRegion: string;
  defaultPlaceName: string;
  defaultLocation: string;
  defaultPrice: number;
  defaultLine: string;
  privateRules: string;
  cancelWindowMinutes: number;
  memberCount: number;
  createdAt: string;
}

/** A player's membership of a team (key `TEAM#id / MEMBER#userId`). */
export interface MemberRecord {
  type: 'member';
  teamId: string;
  userId: string;
  name: string;
  pictureUrl: string;
  blocked: boolean;
  membership: 'member' | 'regular' | 'vip';
  joinedAt: string;
}

export class TeamRepository {
  constructor(private readonly store: Store) {}

  async get(teamId: string): Promise<TeamRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.team(teamId) }),
    );
    return (Item as TeamRecord | undefined) ?? null;
  }

  /** All teams by name. One partition: fine for the few thousand teams of a country. */
  async list(): Promise<TeamRecord[]> {
    return queryAll<TeamRecord>(this.store, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': index.allTeamsPartition },
    });
  }

  async teamIdsOf(userId: string): Promise<Set<string>> {
    const memberships = await queryAll<MemberRecord>(this.store, {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': index.userTeamsPartition(userId) },
    });
    return new Set(memberships.filter((m) => !m.blocked).map((m) => m.teamId));
  }

  async member(teamId: string, userId: string): Promise<MemberRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.teamMember(teamId, userId) }),
    );
    return (Item as MemberRecord | undefined) ?? null;
  }

  /** Adds the player to the team and counts them, once; joining again changes nothing. */
  async join(teamId: string, player: { userId: string; name: string; pictureUrl: string }, now: Date): Promise<void> {
    const member: MemberRecord = {
      type: 'member',
      teamId,
      userId: player.userId,
      name: player.name,
      pictureUrl: player.pictureUrl,
      blocked: false,
      membership: 'member',
      joinedAt: now.toISOString(),
    };
    try {
      await this.store.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.store.tableName,
                Item: {
                  ...key.teamMember(teamId, player.userId),
                  ...index.teamsOfUser(player.userId, teamId),
                  ...member,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Update: {
                TableName: this.store.tableName,
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
      if (error instanceof TransactionCanceledException) {
        const [memberReason, teamReason] = error.CancellationReasons ?? [];
        if (teamReason?.Code === 'ConditionalCheckFailed') throw new DomainError('TEAM_NOT_FOUND');
        if (memberReason?.Code === 'ConditionalCheckFailed') return;
      }
      throw error;
    }
  }
}
