import { createHmac, randomInt } from 'node:crypto';
import {
  type EmailStatus,
  taipeiDate,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_RESEND_COOLDOWN_SECONDS,
} from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/email-code';
import type { Store } from '#db/client.ts';
import type { RecordOf } from '#db/codec.ts';
import { emailClaimCodec, emailCodeCodec } from '#db/codecs/players.ts';
import { key, ttlAt } from '#db/keys.ts';
import { dropCode, putCode, readCode, sameHash, tryCode } from '#db/one-time-code.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import { DomainError } from '#platform/errors.ts';
import { type PlayerRepository, preferencesOf, type UserRecord } from './repository.ts';

type EmailCodeRecord = RecordOf<typeof emailCodeCodec>;

export interface EmailVerificationDeps {
  store: Store;
  clock: Clock;
  mailer: EmailSender;
  /** Server secret: codes are stored as HMACs, so a copy of the table does not reveal them. */
  pepper: string;
  users: PlayerRepository;
  generateCode?: () => string;
}

const defaultCode = () => String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');

/**
 * Email ownership by a 6-digit code: expires after 10 minutes, at most 5 wrong tries (and 10 a
 * day across codes), one send per 60 seconds, and an address belongs to at most one player.
 */
export class EmailVerification {
  private readonly users: PlayerRepository;

  constructor(private readonly deps: EmailVerificationDeps) {
    this.users = deps.users;
  }

  private hash(userId: string, code: string): string {
    return createHmac('sha256', this.deps.pepper).update(`${userId}:${code}`).digest('hex');
  }

  private pending(userId: string): Promise<EmailCodeRecord | null> {
    return readCode(this.deps.store, emailCodeCodec, key.emailCode(userId));
  }

  async status(userId: string): Promise<EmailStatus> {
    const [user, pending] = await Promise.all([this.users.require(userId), this.pending(userId)]);
    return this.statusOf(user, pending);
  }

  private statusOf(user: UserRecord, pending: EmailCodeRecord | null): EmailStatus {
    const now = this.deps.clock.now().getTime();
    const live = pending && Date.parse(pending.expiresAt) > now ? pending : null;
    const resendAt = pending ? Date.parse(pending.sentAt) + VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000 : 0;
    return {
      email: user.emailVerified ? user.email : null,
      verified: user.emailVerified,
      pendingEmail: live?.email ?? null,
      resendAvailableAt: resendAt > now ? new Date(resendAt).toISOString() : null,
      preferences: preferencesOf(user),
    };
  }

  async sendCode(userId: string, rawEmail: string) {
    const email = rawEmail.trim().toLowerCase();
    const now = this.deps.clock.now();
    const user = await this.users.require(userId);
    if (user.emailVerified && user.email === email) throw new DomainError('EMAIL_ALREADY_VERIFIED');

    const owner = await this.users.emailOwner(email);
    if (owner && owner !== userId) throw new DomainError('EMAIL_IN_USE');

    const code = (this.deps.generateCode ?? defaultCode)();
    const sentAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000).toISOString();
    const cooldownEdge = new Date(now.getTime() - VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000).toISOString();
    const stored: EmailCodeRecord = {
      type: 'emailCode',
      email,
      codeHash: this.hash(userId, code),
      expiresAt,
      sentAt,
      wrongTries: 0,
      ttl: ttlAt(now, VERIFICATION_CODE_TTL_SECONDS + 3600),
    };
    if (!(await putCode(this.deps.store, emailCodeCodec.encode(stored, userId), cooldownEdge)))
      throw new DomainError('CODE_RESEND_COOLDOWN');

    const minutes = VERIFICATION_CODE_TTL_SECONDS / 60;
    try {
      await this.deps.mailer.send({
        to: email,
        subject: translate(user.language, 'notifications', 'emailCode.subject', { code }),
        text: translate(user.language, 'notifications', 'emailCode.body', { code, minutes }),
      });
    } catch (error) {
      console.error('Verification email failed', error instanceof Error ? error.message : error);
      // Nothing was delivered: drop the code so the player may ask again at once.
      await dropCode(this.deps.store, key.emailCode(userId));
      throw new DomainError('CODE_SEND_FAILED');
    }
    return {
      pendingEmail: email,
      expiresAt,
      resendAvailableAt: new Date(now.getTime() + VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000).toISOString(),
    };
  }

  async verifyCode(userId: string, code: string) {
    const now = this.deps.clock.now();
    const { code: pending, spend } = await tryCode(this.deps.store, {
      codeKey: key.emailCode(userId),
      triesKey: key.codeTries(userId, taipeiDate(now)),
      stored: await this.pending(userId),
      now,
      matches: (stored) => sameHash(stored.codeHash, this.hash(userId, code)),
    });

    const user = await this.users.require(userId);
    const previous = user.emailVerified && user.email && user.email !== pending.email ? user.email : null;
    const tx = new Transaction(this.deps.store.tableName)
      .put('claim', {
        Item: emailClaimCodec.encode({ type: 'emailClaim', userId, claimedAt: now.toISOString() }, pending.email),
        ConditionExpression: 'attribute_not_exists(PK) OR userId = :me',
        ExpressionAttributeValues: { ':me': userId },
      })
      .update('player', {
        Key: key.user(userId),
        UpdateExpression: 'SET email = :email, emailVerified = :true',
        ExpressionAttributeValues: { ':email': pending.email, ':true': true },
      })
      .include(spend);
    if (previous) {
      // Releases the address verified before (still this player's claim, or already gone).
      tx.delete('previousClaim', {
        Key: key.emailClaim(previous),
        ConditionExpression: 'attribute_not_exists(PK) OR userId = :me',
        ExpressionAttributeValues: { ':me': userId },
      });
    }
    try {
      await runTransaction(this.deps.store, tx);
    } catch (error) {
      if (error instanceof TransactionRefusedError) {
        if (error.failed('claim')) throw new DomainError('EMAIL_IN_USE');
        // The code was spent by a parallel check a moment ago (or the old address moved on).
        throw new DomainError('CODE_NOT_REQUESTED');
      }
      throw error;
    }
    return { email: pending.email, verified: true as const };
  }
}
