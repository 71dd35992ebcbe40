import { createHmac, randomInt } from 'node:crypto';
import {
  type Language,
  taipeiDate,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_RESEND_COOLDOWN_SECONDS,
} from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/accounts';
import type { Store } from '#db/client.ts';
import type { RecordOf } from '#db/codec.ts';
import { adminEmailCodeCodec } from '#db/codecs/admin.ts';
import { adminKey, ttlAt } from '#db/keys.ts';
import { dropCode, putCode, readCode, sameHash, tryCode } from '#db/one-time-code.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import { DomainError } from '#platform/errors.ts';
import type { AdminAccounts, AdminRecord } from './repository.ts';

export interface AdminEmailVerificationDeps {
  store: Store;
  clock: Clock;
  mailer: EmailSender;
  accounts: AdminAccounts;
  /** Server secret: codes are stored as HMACs, so a copy of the table does not reveal them. */
  pepper: string;
  generateCode?: () => string;
}

type AdminEmailCode = RecordOf<typeof adminEmailCodeCodec>;

const COOLDOWN_MS = VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000;
const defaultCode = () => String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');

/**
 * Proof that a sign-up account owns its email, by a 6-digit code (key `ADMIN#id / EMAILCODE`):
 * the same rules as a player's code (10 minutes, one send a minute, 5 wrong tries, 10 a day).
 * Accounts opened by 'become team leader' verify their email in the member app instead.
 */
export class AdminEmailVerification {
  constructor(private readonly deps: AdminEmailVerificationDeps) {}

  private get table() {
    return this.deps.store.tableName;
  }

  private hash(adminId: string, code: string): string {
    return createHmac('sha256', this.deps.pepper).update(`verify:${adminId}:${code}`).digest('hex');
  }

  /** Emails a code to the account's address; EMAIL_ALREADY_VERIFIED, CODE_RESEND_COOLDOWN, CODE_SEND_FAILED. */
  async send(record: AdminRecord, language?: Language) {
    if (!record.email || record.linkedUserId) throw new DomainError('FORBIDDEN');
    if (record.emailVerified) throw new DomainError('EMAIL_ALREADY_VERIFIED');
    const now = this.deps.clock.now();
    const code = (this.deps.generateCode ?? defaultCode)();
    const expiresAt = new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000).toISOString();
    const stored: AdminEmailCode = {
      type: 'adminEmailCode',
      email: record.email,
      codeHash: this.hash(record.adminId, code),
      expiresAt,
      sentAt: now.toISOString(),
      wrongTries: 0,
      ttl: ttlAt(now, VERIFICATION_CODE_TTL_SECONDS + 3600),
    };
    const edge = new Date(now.getTime() - COOLDOWN_MS).toISOString();
    if (!(await putCode(this.deps.store, adminEmailCodeCodec.encode(stored, record.adminId), edge)))
      throw new DomainError('CODE_RESEND_COOLDOWN');

    const lng = record.language ?? language ?? null;
    const vars = { code, minutes: VERIFICATION_CODE_TTL_SECONDS / 60 };
    try {
      await this.deps.mailer.send({
        to: record.email,
        subject: translate(lng, 'accounts', 'emailVerification.subject', vars),
        text: translate(lng, 'accounts', 'emailVerification.body', vars),
      });
    } catch (error) {
      console.error('Admin verification email failed', error instanceof Error ? error.message : error);
      // Nothing was delivered: drop the code so a new one may be asked for at once.
      await dropCode(this.deps.store, adminKey.emailCode(record.adminId));
      throw new DomainError('CODE_SEND_FAILED');
    }
    return {
      email: record.email,
      expiresAt,
      resendAvailableAt: new Date(now.getTime() + COOLDOWN_MS).toISOString(),
    };
  }

  /** The first code, sent with the sign-up; a failure leaves the account to ask again from the app. */
  async sendAfterSignup(record: AdminRecord, language?: Language): Promise<void> {
    await this.send(record, language).catch((error: unknown) => {
      if (!(error instanceof DomainError)) console.error('First verification code failed', error);
    });
  }

  /** Marks the account's email verified with the emailed code; returns the account as it is now. */
  async verify(adminId: string, code: string): Promise<AdminRecord> {
    const record = await this.deps.accounts.require(adminId);
    if (!record.email || record.linkedUserId) throw new DomainError('FORBIDDEN');
    if (record.emailVerified) throw new DomainError('EMAIL_ALREADY_VERIFIED');
    const now = this.deps.clock.now();
    const pending = await readCode(this.deps.store, adminEmailCodeCodec, adminKey.emailCode(adminId));
    const { spend } = await tryCode(this.deps.store, {
      codeKey: adminKey.emailCode(adminId),
      triesKey: adminKey.codeTries(adminId, taipeiDate(now)),
      stored: pending?.email === record.email ? pending : null,
      now,
      matches: (stored) => sameHash(stored.codeHash, this.hash(adminId, code)),
    });
    const tx = new Transaction(this.table).include(spend).update('account', {
      Key: adminKey.admin(adminId),
      UpdateExpression: 'SET emailVerified = :true',
      ConditionExpression: 'email = :email',
      ExpressionAttributeValues: { ':true': true, ':email': record.email },
    });
    try {
      await runTransaction(this.deps.store, tx);
    } catch (error) {
      // Spent by a parallel check a moment ago: single use.
      if (error instanceof TransactionRefusedError) throw new DomainError('CODE_NOT_REQUESTED');
      throw error;
    }
    return { ...record, emailVerified: true };
  }
}
