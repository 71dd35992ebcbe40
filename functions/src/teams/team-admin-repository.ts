import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { type InviteRecord, inviteCodec, type TeamAdminLink, teamAdminCodec } from '#db/codecs/teams.ts';
import { adminIndex, adminKey, adminPrefix, key } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';
import { chargeQuota, QUOTA_ITEM, type QuotaTeam, quotaRefusal } from './quota.ts';

/** The stored shapes, checked by their codecs on every read (`#db/codecs/teams.ts`). */
export type { InviteRecord, TeamAdminLink };

/** The admin a link is made for, as the team's admin list shows them. */
export interface LinkedAdmin {
  adminId: string;
  displayName: string;
  email: string | null;
}

const linkItem = (link: TeamAdminLink) => teamAdminCodec.encode(link);

/**
 * Adds to a team's creation the link making its creator the first owner (the new team item
 * starts with `ownerCount` 1), and makes it the creator's current team.
 */
export function addFirstOwner(tx: Transaction, link: TeamAdminLink): Transaction {
  return tx.put('ownerLink', { Item: linkItem(link) }).update('ownerAccount', {
    Key: adminKey.admin(link.adminId),
    UpdateExpression: 'SET currentTeamId = :team',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':team': link.teamId },
  });
}

/**
 * Who runs which team: admin links (owner or admin role; the team item counts its owners so
 * the last one can never be removed) and the invitations that create them.
 */
export class TeamAdminRepository {
  constructor(private readonly store: Store) {}

  private get table() {
    return this.store.tableName;
  }

  /** The caller's right to a team, read strongly so a removal takes effect at once. */
  async link(teamId: string, adminId: string): Promise<TeamAdminLink | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: adminKey.teamAdmin(teamId, adminId), ConsistentRead: true }),
    );
    return teamAdminCodec.decodeOrNull(Item);
  }

  /** Whether the admin runs any team: one Query of their links, Limit 1 (a leader deleting their account). */
  async runsAnyTeam(adminId: string): Promise<boolean> {
    const { Items } = await this.store.doc.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': adminIndex.adminTeamsPartition(adminId) },
        Limit: 1,
      }),
    );
    return (Items ?? []).length > 0;
  }

  /** The links of the teams an admin runs. */
  async teamsOf(adminId: string): Promise<TeamAdminLink[]> {
    return queryAll(this.store, teamAdminCodec, {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': adminIndex.adminTeamsPartition(adminId) },
    });
  }

  async adminsOf(teamId: string): Promise<TeamAdminLink[]> {
    return queryAll(this.store, teamAdminCodec, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :admin)',
      ExpressionAttributeValues: { ':pk': key.team(teamId).PK, ':admin': adminPrefix.teamAdmin },
      ConsistentRead: true,
    });
  }

  /**
   * Gives an admin a link to an existing team, counting an owner; false (nothing written) when
   * they already have one. Invitations are the way for people: see acceptInvite.
   */
  async addAdmin(link: TeamAdminLink): Promise<boolean> {
    try {
      await runTransaction(this.store, this.linkWrites(link));
    } catch (error) {
      if (error instanceof TransactionRefusedError) {
        if (error.failed('link')) return false;
        if (error.failed('team')) throw new DomainError('TEAM_NOT_FOUND');
      }
      throw error;
    }
    return true;
  }

  /** Removes an admin from a team; removing an owner needs another owner to remain. */
  async removeAdmin(teamId: string, link: TeamAdminLink): Promise<void> {
    const tx = new Transaction(this.table).delete('link', {
      Key: adminKey.teamAdmin(teamId, link.adminId),
      ConditionExpression: '#role = :role',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': link.role },
    });
    if (link.role === 'owner') {
      tx.update('team', {
        Key: key.team(teamId),
        UpdateExpression: 'SET ownerCount = ownerCount - :one',
        ConditionExpression: 'ownerCount > :one',
        ExpressionAttributeValues: { ':one': 1 },
      });
    }
    try {
      await runTransaction(this.store, tx);
    } catch (error) {
      if (error instanceof TransactionRefusedError) {
        if (error.failed('team')) throw new DomainError('LAST_OWNER');
        if (error.failed('link')) throw new DomainError('ADMIN_NOT_FOUND');
      }
      throw error;
    }
  }

  /** Invitations of a team that have not expired by `now`. */
  async pendingInvitesOf(teamId: string, now: Date): Promise<InviteRecord[]> {
    return (await this.allInvitesOf(teamId)).filter((i) => Date.parse(i.expiresAt) > now.getTime());
  }

  /**
   * Stores an invitation under the hash of its token, replacing earlier ones for the same email,
   * counted against the team's daily cap of invitations in the same transaction (quota.ts).
   */
  async putInvite(invite: InviteRecord, team: QuotaTeam): Promise<void> {
    const stale = (await this.allInvitesOf(invite.teamId)).filter((i) => i.email === invite.email);
    const tx = new Transaction(this.table);
    for (const i of stale) tx.delete(`stale:${i.tokenHash}`, { Key: adminKey.invite(i.tokenHash) });
    tx.put('invite', {
      Item: inviteCodec.encode(invite),
      ConditionExpression: 'attribute_not_exists(PK)',
    }).include(chargeQuota(this.table, team, 'invites', 1, new Date(invite.createdAt)));
    try {
      await runTransaction(this.store, tx);
    } catch (error) {
      if (error instanceof TransactionRefusedError && error.failed(QUOTA_ITEM)) throw quotaRefusal('invites');
      throw error;
    }
  }

  async dropInvite(tokenHash: string): Promise<void> {
    await this.store.doc.send(new DeleteCommand({ TableName: this.table, Key: adminKey.invite(tokenHash) }));
  }

  /** The invitation with this token hash, if it exists and has not expired by `now`. */
  async liveInvite(tokenHash: string, now: Date): Promise<InviteRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: adminKey.invite(tokenHash), ConsistentRead: true }),
    );
    const invite = inviteCodec.decodeOrNull(Item);
    return invite && Date.parse(invite.expiresAt) > now.getTime() ? invite : null;
  }

  /** Turns an invitation into a link for `admin`, once; an owner invitation also counts the owner. */
  async acceptInvite(tokenHash: string, invite: InviteRecord, admin: LinkedAdmin, now: Date): Promise<TeamAdminLink> {
    const link: TeamAdminLink = {
      type: 'teamAdmin',
      teamId: invite.teamId,
      adminId: admin.adminId,
      role: invite.role,
      displayName: admin.displayName,
      email: admin.email,
      addedAt: now.toISOString(),
      addedBy: invite.invitedBy,
    };
    const tx = new Transaction(this.table)
      .delete('invite', { Key: adminKey.invite(tokenHash), ConditionExpression: 'attribute_exists(PK)' })
      .include(this.linkWrites(link));
    try {
      await runTransaction(this.store, tx);
    } catch (error) {
      if (error instanceof TransactionRefusedError) {
        if (error.failed('link')) {
          // Already runs the team: the invitation is spent either way.
          await this.dropInvite(tokenHash);
          return (await this.link(invite.teamId, admin.adminId))!;
        }
        if (error.failed('invite')) throw new DomainError('INVITE_INVALID');
        if (error.failed('team')) throw new DomainError('TEAM_NOT_FOUND');
      }
      throw error;
    }
    return link;
  }

  /** A new link (`link`, refused when there is one) and its count on the team item (`team`). */
  private linkWrites(link: TeamAdminLink): Transaction {
    return new Transaction(this.table)
      .put('link', { Item: linkItem(link), ConditionExpression: 'attribute_not_exists(PK)' })
      .update('team', {
        Key: key.team(link.teamId),
        UpdateExpression: 'ADD ownerCount :n',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':n': link.role === 'owner' ? 1 : 0 },
      });
  }

  /** Every invitation of a team, expired ones included (until their TTL removes them). */
  private async allInvitesOf(teamId: string): Promise<InviteRecord[]> {
    return queryAll(this.store, inviteCodec, {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': adminIndex.teamInvitesPartition(teamId) },
    });
  }
}
