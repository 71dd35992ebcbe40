import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ADMIN_LIMITS, type AdminProfile, type Language, RESET_CODE_LENGTH, taipeiDate } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { adminKey, key, ttlAt } from '#db/keys.ts';
import { sameHash, tryCode } from '#db/one-time-code.ts';
import { isConditionFailure, runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type UserRecord, UserRepository } from '#players/repository.ts';
import { hashPassword } from './password.ts';

/** An admin account (key `ADMIN#id / PROFILE`). */
export interface AdminRecord {
  type: 'admin';
  adminId: string;
  /** Null for accounts opened from the member app ('become team leader'). */
  email: string | null;
  displayName: string;
  pictureUrl: string;
  passwordHash: string | null;
  /**
   * The admin API accepts the account's tokens only while this is true (authenticator.ts), and
   * 'become team leader' refuses an account where it is false: clearing it bars the account.
   */
  isAdmin: boolean;
  linkedUserId: string | null;
  currentTeamId: string | null;
  language: Language | null;
  /** Epoch seconds; tokens issued at or before it are refused (set by a password reset). */
  tokensValidAfter: number | null;
  createdAt: string;
  passwordChangedAt?: string;
  /** The owner proved `email` (a code, a reset or an invitation reached it); unset means no. */
  emailVerified?: boolean;
}

/** The address an account answers to, and whether its owner proved it. */
export interface AdminIdentity {
  email: string | null;
  verified: boolean;
}

interface ResetRecord {
  codeHash: string;
  tokenHash: string;
  expiresAt: string;
  sentAt: string;
  wrongTries: number;
}

export interface AdminAccountsDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  /** Server secret mixed into stored reset codes, so a copy of the table does not reveal them. */
  pepper: string;
}

const RESET_TTL_MS = ADMIN_LIMITS.resetCodeMinutes * 60_000;
const RESET_RESEND_MS = 60_000;

/** A reset code of `RESET_CODE_LENGTH` random digits (about 33 bits). */
function resetCode(): string {
  let code = '';
  while (code.length < RESET_CODE_LENGTH) code += String(randomInt(0, 100_000)).padStart(5, '0');
  return code.slice(0, RESET_CODE_LENGTH);
}

/** Account ids of leaders are derived from their member id, so becoming a leader twice changes nothing. */
export const leaderAdminId = (userId: string) => `lead_${userId}`;

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
 * Admin accounts: email + password sign-up (sign-in and its limits: sign-in.ts), password reset
 * by an emailed one-time code or link, and accounts linked to a member.
 */
export class AdminAccounts {
  private readonly users: UserRepository;

  constructor(private readonly deps: AdminAccountsDeps) {
    this.users = new UserRepository(deps.store);
  }

  private get table() {
    return this.deps.store.tableName;
  }

  async get(adminId: string): Promise<AdminRecord | null> {
    const { Item } = await this.deps.store.doc.send(
      new GetCommand({ TableName: this.table, Key: adminKey.admin(adminId), ConsistentRead: true }),
    );
    return (Item as AdminRecord | undefined) ?? null;
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
    return typeof Item?.adminId === 'string' ? Item.adminId : null;
  }

  async signup(input: { email: string; password: string; displayName: string; language?: Language }) {
    const now = this.deps.clock.now();
    const record: AdminRecord = {
      type: 'admin',
      adminId: this.deps.ids(),
      email: input.email,
      displayName: input.displayName,
      pictureUrl: '',
      passwordHash: await hashPassword(input.password),
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
        Item: { ...adminKey.adminEmail(input.email), type: 'adminEmail', adminId: record.adminId },
        ConditionExpression: 'attribute_not_exists(PK)',
      })
      .put('account', {
        Item: { ...adminKey.admin(record.adminId), ...record },
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

  private hash(adminId: string, secret: string): string {
    return createHmac('sha256', this.deps.pepper).update(`reset:${adminId}:${secret}`).digest('hex');
  }

  /**
   * A one-time reset code (`RESET_CODE_LENGTH` digits: long enough that guessing one code for
   * each of many accounts finds none) and link token for the account with this email, or null
   * when there is none or one was sent in the last minute. The caller emails them; the answer
   * to the client is the same either way.
   */
  async startReset(
    email: string,
  ): Promise<{ record: AdminRecord; code: string; token: string; expiresAt: string } | null> {
    const adminId = await this.adminIdOf(email);
    const record = adminId ? await this.get(adminId) : null;
    if (!record?.passwordHash) return null;
    const now = this.deps.clock.now();
    const code = resetCode();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + RESET_TTL_MS).toISOString();
    const reset: ResetRecord = {
      codeHash: this.hash(record.adminId, code),
      tokenHash: this.hash(record.adminId, token),
      expiresAt,
      sentAt: now.toISOString(),
      wrongTries: 0,
    };
    try {
      await this.deps.store.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...adminKey.passwordReset(record.adminId),
            type: 'passwordReset',
            ...reset,
            ttl: ttlAt(now, RESET_TTL_MS / 1000 + 3600),
          },
          ConditionExpression: 'attribute_not_exists(PK) OR sentAt <= :edge',
          ExpressionAttributeValues: { ':edge': new Date(now.getTime() - RESET_RESEND_MS).toISOString() },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
    return { record, code, token, expiresAt };
  }

  async dropReset(adminId: string): Promise<void> {
    await this.deps.store.doc.send(new DeleteCommand({ TableName: this.table, Key: adminKey.passwordReset(adminId) }));
  }

  /**
   * Sets a new password with a reset code or link token: valid 30 minutes, used once, five wrong
   * tries at most (ten a day across codes). Every token issued before it stops working, the
   * login lock is lifted and the email counts as verified.
   */
  async finishReset(email: string, secret: string, newPassword: string): Promise<void> {
    const now = this.deps.clock.now();
    const adminId = await this.adminIdOf(email);
    if (!adminId) throw new DomainError('CODE_NOT_REQUESTED');
    const { Item } = await this.deps.store.doc.send(
      new GetCommand({ TableName: this.table, Key: adminKey.passwordReset(adminId), ConsistentRead: true }),
    );
    const { spend } = await tryCode(this.deps.store, {
      codeKey: adminKey.passwordReset(adminId),
      triesKey: adminKey.codeTries(adminId, taipeiDate(now)),
      stored: Item as ResetRecord | undefined,
      now,
      matches: (stored) =>
        sameHash(secret.length === RESET_CODE_LENGTH ? stored.codeHash : stored.tokenHash, this.hash(adminId, secret)),
    });

    const passwordHash = await hashPassword(newPassword);
    const tx = new Transaction(this.table)
      .include(spend)
      .update('account', {
        Key: adminKey.admin(adminId),
        // The code reached the account's mailbox, which proves the address as well.
        UpdateExpression:
          'SET passwordHash = :hash, tokensValidAfter = :after, passwordChangedAt = :now, emailVerified = :true',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':hash': passwordHash,
          ':after': Math.floor(now.getTime() / 1000),
          ':now': now.toISOString(),
          ':true': true,
        },
      })
      .delete('loginGuard', { Key: adminKey.loginGuard(email) });
    try {
      await runTransaction(this.deps.store, tx);
    } catch (error) {
      // Used by a parallel request a moment ago: single use.
      if (error instanceof TransactionRefusedError) throw new DomainError('CODE_NOT_REQUESTED');
      throw error;
    }
  }

  /**
   * The admin account of a member who chose 'become team leader', created on first use; the
   * member's profile is flagged as admin and team leader in the same transaction.
   */
  async upsertLeader(user: UserRecord): Promise<AdminRecord> {
    const now = this.deps.clock.now().toISOString();
    const adminId = leaderAdminId(user.userId);
    const tx = new Transaction(this.table)
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
    return this.require(adminId);
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
