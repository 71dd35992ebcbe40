import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { ADMIN_LIMITS, type Language, RESET_CODE_LENGTH, taipeiDate } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/accounts';
import type { Store } from '#db/client.ts';
import type { RecordOf } from '#db/codec.ts';
import { passwordResetCodec } from '#db/codecs/admin.ts';
import { adminKey, ttlAt } from '#db/keys.ts';
import { dropCode, putCode, readCode, sameHash, tryCode } from '#db/one-time-code.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import { DomainError } from '#platform/errors.ts';
import type { AdminAccounts, AdminRecord } from './repository.ts';

type ResetRecord = RecordOf<typeof passwordResetCodec>;

const RESET_TTL_MS = ADMIN_LIMITS.resetCodeMinutes * 60_000;
const RESET_RESEND_MS = 60_000;

/** A reset code of `RESET_CODE_LENGTH` random digits (about 33 bits). */
function resetCode(): string {
  let code = '';
  while (code.length < RESET_CODE_LENGTH) code += String(randomInt(0, 100_000)).padStart(5, '0');
  return code.slice(0, RESET_CODE_LENGTH);
}

/** Password reset of an admin account by an emailed one-time code or link (`ADMIN#id / RESET`). */
export class PasswordResets {
  constructor(
    private readonly deps: {
      store: Store;
      clock: Clock;
      accounts: Pick<AdminAccounts, 'adminIdOf' | 'get' | 'passwords'>;
      /** Server secret mixed into stored reset codes, so a copy of the table does not reveal them. */
      pepper: string;
    },
  ) {}

  private get table() {
    return this.deps.store.tableName;
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
  async start(email: string): Promise<{ record: AdminRecord; code: string; token: string; expiresAt: string } | null> {
    const adminId = await this.deps.accounts.adminIdOf(email);
    const record = adminId ? await this.deps.accounts.get(adminId) : null;
    if (!record?.passwordHash) return null;
    const now = this.deps.clock.now();
    const code = resetCode();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + RESET_TTL_MS).toISOString();
    const reset: ResetRecord = {
      type: 'passwordReset',
      codeHash: this.hash(record.adminId, code),
      tokenHash: this.hash(record.adminId, token),
      expiresAt,
      sentAt: now.toISOString(),
      wrongTries: 0,
      ttl: ttlAt(now, RESET_TTL_MS / 1000 + 3600),
    };
    const edge = new Date(now.getTime() - RESET_RESEND_MS).toISOString();
    if (!(await putCode(this.deps.store, passwordResetCodec.encode(reset, record.adminId), edge))) return null;
    return { record, code, token, expiresAt };
  }

  async drop(adminId: string): Promise<void> {
    await dropCode(this.deps.store, adminKey.passwordReset(adminId));
  }

  /**
   * Sets a new password with a reset code or link token: valid 30 minutes, used once, five wrong
   * tries at most (ten a day across codes). Every token issued before it stops working, the
   * login lock is lifted and the email counts as verified.
   */
  async finish(email: string, secret: string, newPassword: string): Promise<void> {
    const now = this.deps.clock.now();
    const adminId = await this.deps.accounts.adminIdOf(email);
    if (!adminId) throw new DomainError('CODE_NOT_REQUESTED');
    const { spend } = await tryCode(this.deps.store, {
      codeKey: adminKey.passwordReset(adminId),
      triesKey: adminKey.codeTries(adminId, taipeiDate(now)),
      stored: await readCode(this.deps.store, passwordResetCodec, adminKey.passwordReset(adminId)),
      now,
      matches: (stored) =>
        sameHash(secret.length === RESET_CODE_LENGTH ? stored.codeHash : stored.tokenHash, this.hash(adminId, secret)),
    });

    const passwordHash = await this.deps.accounts.passwords.hash(newPassword);
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
}

export interface PasswordResetDeps {
  resets: PasswordResets;
  mailer: EmailSender;
  /** Origin of the admin app, for the link in the email. */
  appBaseUrl: string;
}

/**
 * Emails a reset code and link to the account with this email, in the account's language (or
 * the one the page was shown in). Unknown emails, a request within a minute of the last one
 * and a failed send all look the same to the caller, so the answer never tells which emails
 * have accounts; after a failed send the code is dropped so a new one can be asked for at once.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  email: string,
  language: Language | undefined,
): Promise<void> {
  const started = await deps.resets.start(email);
  if (!started) return;
  const lng = started.record.language ?? language ?? null;
  const link = `${deps.appBaseUrl}/admin/reset_password?email=${encodeURIComponent(email)}&token=${started.token}`;
  const vars = { code: started.code, link, minutes: ADMIN_LIMITS.resetCodeMinutes };
  try {
    await deps.mailer.send({
      to: email,
      subject: translate(lng, 'accounts', 'passwordReset.subject', vars),
      text: translate(lng, 'accounts', 'passwordReset.body', vars),
    });
  } catch (error) {
    console.error('Password reset email failed', error instanceof Error ? error.message : error);
    await deps.resets.drop(started.record.adminId);
  }
}
