import { createHash } from 'node:crypto';
import { SIGN_IN_LIMITS } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/accounts';
import type { Store } from '#db/client.ts';
import type { Clock } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import { DomainError } from '#platform/errors.ts';
import { addressGroup, RateLimitedError } from '#platform/rate-limit.ts';
import {
  claimLoginAlert,
  clearLoginGuard,
  countTry,
  forgetLoginWindow,
  type LoginGuardRecord,
  readLoginGuard,
} from './login-guard-repository.ts';
import type { AdminAccounts, AdminRecord } from './repository.ts';

/**
 * Admin sign-in that strangers cannot take away (functions/src/app/LIMITS.md, "Admin sign-in"). Tries to
 * one email are counted twice:
 * - per email and address (/64): the `loginByEmailAndAddress` bucket of `app/limits.ts` stops
 *   that pair for the rest of its window (a lock for one address only);
 * - per email from everywhere, here (`ADMINEMAIL#email / LOGINGUARD`, TABLE.md): never a lock.
 *   The first `SIGN_IN_LIMITS.freeTries` tries of a 15-minute window go at once; after that, tries
 *   are spaced 2, 4, 8, 16, then `maxSpacingSeconds` apart (429 with `Retry-After`), so a stranger
 *   guessing from many addresses gets a few tries a minute, and the owner's right password gets
 *   in at most 30 s later. The `alertAfter`th failure of a window, from a second address,
 *   emails the account's owner once per window.
 */

const WINDOW_MS = SIGN_IN_LIMITS.windowMinutes * 60_000;

/** Seconds the try after `tries` tries of a window must wait after the last one. */
export function spacingSeconds(tries: number): number {
  if (tries < SIGN_IN_LIMITS.freeTries) return 0;
  return Math.min(SIGN_IN_LIMITS.maxSpacingSeconds, 2 ** (tries - SIGN_IN_LIMITS.freeTries + 1));
}

/** Kept short and hashed: the guard needs to tell addresses apart, not to know them. */
const addressHash = (address: string) =>
  createHash('sha256').update(addressGroup(address)).digest('base64url').slice(0, 16);

export interface AdminSignInDeps {
  store: Store;
  clock: Clock;
  accounts: AdminAccounts;
  mailer: EmailSender;
  /** Origin of the admin app, for the reset link in the alert. */
  appBaseUrl: string;
}

export class AdminSignIn {
  constructor(private readonly deps: AdminSignInDeps) {}

  /**
   * Checks an email and password tried from `address`. Every try is counted before the password
   * is checked, so parallel guesses cannot get past the spacing; unknown emails go through the
   * same steps. Reads: 1 GetItem (guard) + 1 UpdateItem, then the email and account items.
   */
  async login(email: string, password: string, address: string): Promise<AdminRecord> {
    const { store, clock, accounts } = this.deps;
    const now = clock.now();
    let guard = (await readLoginGuard(store, email)) ?? undefined;
    if (guard && Date.parse(guard.windowStartsAt) + WINDOW_MS <= now.getTime()) {
      // The earlier tries are too old to count: start a new window.
      await forgetLoginWindow(store, email, guard.windowStartsAt);
      guard = undefined;
    }
    const spacing = spacingSeconds(guard?.failures ?? 0);
    if (guard && spacing > 0) {
      const wait = Date.parse(guard.lastTryAt) + spacing * 1000 - now.getTime();
      if (wait > 0) throw new RateLimitedError(Math.ceil(wait / 1000));
    }

    const counted = await this.count(email, now, address, guard, spacing);
    const adminId = await accounts.adminIdOf(email);
    const record = adminId ? await accounts.get(adminId) : null;
    const ok = record?.passwordHash
      ? await accounts.passwords.verify(password, record.passwordHash)
      : await accounts.passwords.spendCheck(password);
    if (ok && record) {
      await clearLoginGuard(store, email);
      return record;
    }
    if (record && counted.failures >= SIGN_IN_LIMITS.alertAfter && counted.firstAddress !== addressHash(address)) {
      await this.alert(email, record, counted, now);
    }
    throw new DomainError('ADMIN_LOGIN_FAILED');
  }

  /** Counts one try; only one try per slot gets through once tries are spaced. */
  private async count(
    email: string,
    now: Date,
    address: string,
    seen: LoginGuardRecord | undefined,
    spacing: number,
  ): Promise<LoginGuardRecord> {
    const counted = await countTry(this.deps.store, email, {
      now,
      addressHash: addressHash(address),
      pinnedTo: spacing > 0 && seen ? seen.lastTryAt : undefined,
      freeTries: SIGN_IN_LIMITS.freeTries,
    });
    if (counted) return counted;
    throw new RateLimitedError(Math.max(1, spacingSeconds((seen?.failures ?? 0) + 1)));
  }

  /** Emails the owner once per window (the conditional write decides who sends it). */
  private async alert(email: string, record: AdminRecord, guard: LoginGuardRecord, now: Date): Promise<void> {
    const { store, mailer, appBaseUrl } = this.deps;
    if (!(await claimLoginAlert(store, email, guard.windowStartsAt, now))) return;
    const vars = {
      count: guard.failures,
      minutes: SIGN_IN_LIMITS.windowMinutes,
      link: `${appBaseUrl}/admin/reset_password?email=${encodeURIComponent(email)}`,
    };
    try {
      await mailer.send({
        to: email,
        subject: translate(record.language, 'accounts', 'loginAlert.subject', vars),
        text: translate(record.language, 'accounts', 'loginAlert.body', vars),
      });
    } catch (error) {
      console.error('Sign-in alert email failed', error instanceof Error ? error.message : error);
    }
  }
}
