import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminProfile, Language } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { type AdminRecord, adminCodec, adminEmailCodec } from '#db/codecs/admin.ts';
import { adminKey } from '#db/keys.ts';
import { isConditionFailure, runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { PlayerRepository } from '#players/repository.ts';
import type { Passwords } from './password.ts';

/** The stored shape, checked by its codec on every read (`#db/codecs/admin.ts`). */
export type { AdminRecord };

/** The address an account answers to, and whether its owner proved it. */
export interface AdminIdentity {
  email: string | null;
  verified: boolean;
}

export interface AdminAccountsDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  users: PlayerRepository;
  /** How passwords are hashed and checked (the sign-in and password resets use the same). */
  passwords: Passwords;
}

export function toAdminProfile(record: AdminRecord, identity: AdminIdentity): AdminProfile {
  return {
    adminId: record.adminId,
    displayName: record.displayName,
    pictureUrl: record.pictureUrl,
    email: record.email,
    isAdmin: record.isAdmin,
    currentTeamId: record.currentTeamId,
    linkedMember: record.linkedUserId !== null,
    language: record.language,
    emailVerified: identity.verified,
  };
}

/**
 * Admin accounts: reading them, email + password sign-up, the address they answer to and the
 * current team. Sign-in and its limits: sign-in.ts; password reset: password-reset.ts; accounts
 * opened by 'become team leader': leader-accounts.ts.
 */
export class AdminAccounts {
  private readonly users: PlayerRepository;
  readonly passwords: Passwords;

  constructor(private readonly deps: AdminAccountsDeps) {
    this.users = deps.users;
    this.passwords = deps.passwords;
  }

  private get table() {
    return this.deps.store.tableName;
  }

  async get(adminId: string): Promise<AdminRecord | null> {
    const { Item } = await this.deps.store.doc.send(
      new GetCommand({ TableName: this.table, Key: adminKey.admin(adminId), ConsistentRead: true }),
    );
    return adminCodec.decodeOrNull(Item);
  }

  async require(adminId: string): Promise<AdminRecord> {
    const record = await this.get(adminId);
    if (!record) throw new DomainError('INVALID_TOKEN');
    return record;
  }

  /**
   * A sign-up account answers to its own email; an account opened by 'become team leader' to the
   * email its player verified in the member app (one GetItem), and counts as verified only then.
   */
  async identity(record: AdminRecord): Promise<AdminIdentity> {
    if (!record.linkedUserId) return { email: record.email, verified: record.emailVerified === true };
    const user = await this.users.get(record.linkedUserId);
    return user?.emailVerified && user.email ? { email: user.email, verified: true } : { email: null, verified: false };
  }

  /** Marks the account's email proved, unless the account now has another email. */
  async markEmailVerified(adminId: string, email: string): Promise<void> {
    await this.deps.store.doc
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: adminKey.admin(adminId),
          UpdateExpression: 'SET emailVerified = :true',
          ConditionExpression: 'email = :email',
          ExpressionAttributeValues: { ':true': true, ':email': email },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }

  async adminIdOf(email: string): Promise<string | null> {
    const { Item } = await this.deps.store.doc.send(
      new GetCommand({ TableName: this.table, Key: adminKey.adminEmail(email), ConsistentRead: true }),
    );
    return adminEmailCodec.decodeOrNull(Item)?.adminId ?? null;
  }

  async signup(input: { email: string; password: string; displayName: string; language?: Language }) {
    const now = this.deps.clock.now();
    const record: AdminRecord = {
      type: 'admin',
      adminId: this.deps.ids(),
      email: input.email,
      displayName: input.displayName,
      pictureUrl: '',
      passwordHash: await this.passwords.hash(input.password),
      isAdmin: true,
      linkedUserId: null,
      currentTeamId: null,
      language: input.language ?? null,
      tokensValidAfter: null,
      createdAt: now.toISOString(),
      emailVerified: false,
    };
    const tx = new Transaction(this.table)
      .put('email', {
        Item: adminEmailCodec.encode({ type: 'adminEmail', adminId: record.adminId }, input.email),
        ConditionExpression: 'attribute_not_exists(PK)',
      })
      .put('account', {
        Item: adminCodec.encode(record),
        ConditionExpression: 'attribute_not_exists(PK)',
      });
    try {
      await runTransaction(this.deps.store, tx);
    } catch (error) {
      if (error instanceof TransactionRefusedError && error.failed('email')) throw new DomainError('EMAIL_IN_USE');
      throw error;
    }
    return record;
  }

  async setCurrentTeam(adminId: string, teamId: string | null, onlyIf?: string): Promise<void> {
    try {
      await this.deps.store.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: adminKey.admin(adminId),
          UpdateExpression: 'SET currentTeamId = :team',
          ConditionExpression: onlyIf === undefined ? 'attribute_exists(PK)' : 'currentTeamId = :was',
          ExpressionAttributeValues: { ':team': teamId, ...(onlyIf === undefined ? {} : { ':was': onlyIf }) },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (onlyIf === undefined) throw new DomainError('ADMIN_NOT_FOUND');
    }
  }
}
