import type { Store } from '#db/client.ts';
import { adminKey, key } from '#db/keys.ts';
import { runTransaction, Transaction } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import type { UserRecord } from '#players/repository.ts';
import type { AdminAccounts, AdminRecord } from './repository.ts';

/** Account ids of leaders are derived from their member id, so becoming a leader twice changes nothing. */
export const leaderAdminId = (userId: string) => `lead_${userId}`;

/** Admin accounts opened from the member app ('become team leader'): linked to a player, no password. */
export class LeaderAccounts {
  constructor(private readonly deps: { store: Store; clock: Clock; accounts: Pick<AdminAccounts, 'require'> }) {}

  /**
   * The admin account of a member who chose 'become team leader', created on first use; the
   * member's profile is flagged as admin and team leader in the same transaction.
   */
  async upsert(user: UserRecord): Promise<AdminRecord> {
    const now = this.deps.clock.now().toISOString();
    const adminId = leaderAdminId(user.userId);
    const tx = new Transaction(this.deps.store.tableName)
      .update('account', {
        Key: adminKey.admin(adminId),
        UpdateExpression: [
          'SET #type = :type, adminId = :id, displayName = :name, pictureUrl = :picture, linkedUserId = :user,',
          'email = if_not_exists(email, :null), passwordHash = if_not_exists(passwordHash, :null),',
          'isAdmin = if_not_exists(isAdmin, :true), currentTeamId = if_not_exists(currentTeamId, :null),',
          '#language = if_not_exists(#language, :language), tokensValidAfter = if_not_exists(tokensValidAfter, :null),',
          'createdAt = if_not_exists(createdAt, :now)',
        ].join(' '),
        ExpressionAttributeNames: { '#type': 'type', '#language': 'language' },
        ExpressionAttributeValues: {
          ':type': 'admin',
          ':id': adminId,
          ':name': user.name,
          ':picture': user.pictureUrl,
          ':user': user.userId,
          ':null': null,
          ':true': true,
          ':language': user.language ?? null,
          ':now': now,
        },
      })
      .update('player', {
        Key: key.user(user.userId),
        UpdateExpression: 'SET isAdmin = :true, isTeamLeader = :true',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':true': true },
      });
    await runTransaction(this.deps.store, tx);
    return this.deps.accounts.require(adminId);
  }
}
