import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { type AdminRole, DEFAULT_CANCEL_WINDOW_MINUTES } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { adminIndex, adminKey, adminPrefix, index, key } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import { DomainError } from '#platform/errors.ts';
import type { TeamRecord } from './repository.ts';

/** The team item with the settings only admins change (stored on the same item). */
export interface AdminTeamRecord extends TeamRecord {
  lineGroupId?: string;
  /** Owner links of the team; kept so the last owner can never be removed. */
  ownerCount?: number;
  createdBy?: string;
}

/** An admin's right to run a team (key `TEAM#teamId / ADMIN#adminId`, GSI2 teams of the admin). */
export interface TeamAdminLink {
  type: 'teamAdmin';
  teamId: string;
  adminId: string;
  role: AdminRole;
  displayName: string;
  email: string | null;
  addedAt: string;
  addedBy: string;
}

/** A venue of a team and its courts (key `TEAM#teamId / VENUE#venueId`). */
export interface VenueRecord {
  type: 'venue';
  teamId: string;
  venueId: string;
  name: string;
  address: string;
  region: string;
  courts: string[];
  updatedAt: string;
}

/** A pending co-admin invitation (key `INVITE#hash(token)`, GSI2 invitations of the team). */
export interface InviteRecord {
  type: 'invite';
  teamId: string;
  teamName: string;
  email: string;
  role: AdminRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

export type TeamSettingsChanges = Partial<
  Pick<
    AdminTeamRecord,
    | 'name'
    | 'defaultPlaceName'
    | 'defaultPrice'
    | 'defaultLocation'
    | 'defaultRegion'
    | 'defaultLine'
    | 'cancelWindowMinutes'
    | 'privateRules'
    | 'lineGroupId'
  >
>;

const isConditionFailure = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

export class AdminTeamRepository {
  constructor(private readonly store: Store) {}

  private get table() {
    return this.store.tableName;
  }

  /** The caller's right to a team, read strongly so a removal takes effect at once. */
  async link(teamId: string, adminId: string): Promise<TeamAdminLink | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: adminKey.teamAdmin(teamId, adminId), ConsistentRead: true }),
    );
    return (Item as TeamAdminLink | undefined) ?? null;
  }

  async teamsOf(adminId: string): Promise<TeamAdminLink[]> {
    return queryAll<TeamAdminLink>(this.store, {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': adminIndex.adminTeamsPartition(adminId) },
    });
  }

  async adminsOf(teamId: string): Promise<TeamAdminLink[]> {
    return queryAll<TeamAdminLink>(this.store, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :admin)',
      ExpressionAttributeValues: { ':pk': key.team(teamId).PK, ':admin': adminPrefix.teamAdmin },
      ConsistentRead: true,
    });
  }

  async team(teamId: string): Promise<AdminTeamRecord> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: key.team(teamId), ConsistentRead: true }),
    );
    if (!Item) throw new DomainError('TEAM_NOT_FOUND');
    return Item as AdminTeamRecord;
  }

  async teams(teamIds: string[]): Promise<Map<string, AdminTeamRecord>> {
    const found = new Map<string, AdminTeamRecord>();
    for (let i = 0; i < teamIds.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = teamIds.slice(i, i + 100).map((id) => key.team(id));
      while (keys && keys.length > 0) {
        const result = await this.store.doc.send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: keys } } }),
        );
        for (const item of result.Responses?.[this.table] ?? []) found.set(item.id, item as AdminTeamRecord);
        keys = result.UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined;
      }
    }
    return found;
  }

  /** A new team with the caller as its first owner. */
  async create(
    team: Omit<
      AdminTeamRecord,
      'type' | 'memberCount' | 'ownerCount' | 'privateRules' | 'lineGroupId' | 'cancelWindowMinutes'
    >,
    owner: { adminId: string; displayName: string; email: string | null },
  ): Promise<AdminTeamRecord> {
    const record: AdminTeamRecord = {
      type: 'team',
      ...team,
      privateRules: '',
      lineGroupId: '',
      cancelWindowMinutes: DEFAULT_CANCEL_WINDOW_MINUTES,
      memberCount: 0,
      ownerCount: 1,
    };
    const link: TeamAdminLink = {
      type: 'teamAdmin',
      teamId: team.id,
      adminId: owner.adminId,
      role: 'owner',
      displayName: owner.displayName,
      email: owner.email,
      addedAt: team.createdAt,
      addedBy: owner.adminId,
    };
    await this.store.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table,
              Item: { ...key.team(team.id), ...index.teamsByName(team.name, team.id), ...record },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: this.table,
              Item: {
                ...adminKey.teamAdmin(team.id, owner.adminId),
                ...adminIndex.teamsOfAdmin(owner.adminId, team.id),
                ...link,
              },
            },
          },
          {
            Update: {
              TableName: this.table,
              Key: adminKey.admin(owner.adminId),
              UpdateExpression: 'SET currentTeamId = :team',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':team': team.id },
            },
          },
        ],
      }),
    );
    return record;
  }

  async updateSettings(teamId: string, changes: TeamSettingsChanges): Promise<AdminTeamRecord> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = entries.map(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      return `#f${i} = :v${i}`;
    });
    if (changes.name !== undefined) {
      sets.push('GSI1SK = :byName');
      values[':byName'] = index.teamsByName(changes.name, teamId).GSI1SK;
    }
    if (sets.length === 0) return this.team(teamId);
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key.team(teamId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as AdminTeamRecord;
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('TEAM_NOT_FOUND');
      throw error;
    }
  }

  async venues(teamId: string): Promise<VenueRecord[]> {
    const venues = await queryAll<VenueRecord>(this.store, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :venue)',
      ExpressionAttributeValues: { ':pk': key.team(teamId).PK, ':venue': adminPrefix.venue },
    });
    return venues.sort((a, b) => a.name.localeCompare(b.name, 'zh-TW'));
  }

  async saveVenue(venue: VenueRecord, mustExist: boolean): Promise<VenueRecord> {
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...adminKey.venue(venue.teamId, venue.venueId), ...venue },
          ...(mustExist ? { ConditionExpression: 'attribute_exists(PK)' } : {}),
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('VENUE_NOT_FOUND');
      throw error;
    }
    return venue;
  }

  async deleteVenue(teamId: string, venueId: string): Promise<void> {
    try {
      await this.store.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: adminKey.venue(teamId, venueId),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('VENUE_NOT_FOUND');
      throw error;
    }
  }

  /** Pending invitations of a team, newest per email (older ones for the same email are dropped). */
  async invitesOf(teamId: string): Promise<(InviteRecord & { PK: string })[]> {
    return queryAll<InviteRecord & { PK: string }>(this.store, {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': adminIndex.teamInvitesPartition(teamId) },
    });
  }

  async putInvite(tokenHash: string, invite: InviteRecord, ttl: number): Promise<void> {
    const stale = (await this.invitesOf(invite.teamId)).filter((i) => i.email === invite.email);
    await Promise.all(
      stale.map((i) =>
        this.store.doc.send(new DeleteCommand({ TableName: this.table, Key: { PK: i.PK, SK: 'INVITE' } })),
      ),
    );
    await this.store.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...adminKey.invite(tokenHash),
          ...adminIndex.invitesOfTeam(invite.teamId, invite.email, invite.createdAt),
          ...invite,
          ttl,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  async dropInvite(tokenHash: string): Promise<void> {
    await this.store.doc.send(new DeleteCommand({ TableName: this.table, Key: adminKey.invite(tokenHash) }));
  }

  async invite(tokenHash: string): Promise<InviteRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: adminKey.invite(tokenHash), ConsistentRead: true }),
    );
    return (Item as InviteRecord | undefined) ?? null;
  }

  /** Turns an invitation into a link for `admin`, once; an owner invitation also counts the owner. */
  async acceptInvite(
    tokenHash: string,
    invite: InviteRecord,
    admin: { adminId: string; displayName: string; email: string | null },
    now: string,
  ): Promise<TeamAdminLink> {
    const link: TeamAdminLink = {
      type: 'teamAdmin',
      teamId: invite.teamId,
      adminId: admin.adminId,
      role: invite.role,
      displayName: admin.displayName,
      email: admin.email,
      addedAt: now,
      addedBy: invite.invitedBy,
    };
    try {
      await this.store.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: adminKey.invite(tokenHash),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...adminKey.teamAdmin(invite.teamId, admin.adminId),
                  ...adminIndex.teamsOfAdmin(admin.adminId, invite.teamId),
                  ...link,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Update: {
                TableName: this.table,
                Key: key.team(invite.teamId),
                UpdateExpression: 'ADD ownerCount :n',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':n': invite.role === 'owner' ? 1 : 0 },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        const [inviteReason, linkReason, teamReason] = error.CancellationReasons ?? [];
        if (linkReason?.Code === 'ConditionalCheckFailed') {
          // Already runs the team: the invitation is spent either way.
          await this.dropInvite(tokenHash);
          return (await this.link(invite.teamId, admin.adminId))!;
        }
        if (inviteReason?.Code === 'ConditionalCheckFailed') throw new DomainError('INVITE_INVALID');
        if (teamReason?.Code === 'ConditionalCheckFailed') throw new DomainError('TEAM_NOT_FOUND');
      }
      throw error;
    }
    return link;
  }

  /** Removes an admin from a team; removing an owner needs another owner to remain. */
  async removeAdmin(teamId: string, link: TeamAdminLink): Promise<void> {
    const items = [
      {
        Delete: {
          TableName: this.table,
          Key: adminKey.teamAdmin(teamId, link.adminId),
          ConditionExpression: '#role = :role',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':role': link.role },
        },
      },
      ...(link.role === 'owner'
        ? [
            {
              Update: {
                TableName: this.table,
                Key: key.team(teamId),
                UpdateExpression: 'SET ownerCount = ownerCount - :one',
                ConditionExpression: 'ownerCount > :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ]
        : []),
    ];
    try {
      await this.store.doc.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        const [linkReason, teamReason] = error.CancellationReasons ?? [];
        if (teamReason?.Code === 'ConditionalCheckFailed') throw new DomainError('LAST_OWNER');
        if (linkReason?.Code === 'ConditionalCheckFailed') throw new DomainError('ADMIN_NOT_FOUND');
      }
      throw error;
    }
  }
}
