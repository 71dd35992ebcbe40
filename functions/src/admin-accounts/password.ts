import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Admin passwords: scrypt (memory-hard), N = 2^15, r = 8, p = 1 (OWASP's minimum for scrypt),
 * a 16-byte random salt and a 32-byte key. The parameters travel with the hash, so they can be
 * raised later without breaking stored hashes. Passwords are never logged or returned.
 */
const PARAMS = { logN: 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
/** 128 * N * r bytes (32 MiB at the parameters above) plus headroom; Node's default cap is 32 MiB. */
const MAX_MEMORY = 96 * 1024 * 1024;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyLength: number) {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: MAX_MEMORY };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The work factor of new hashes: N = 2^logN. */
export interface PasswordCost {
  logN: number;
}

/** Production's: N = 2^15 (above). */
export const PASSWORD_COST: PasswordCost = { logN: PARAMS.logN };

/**
 * Hashing at one work factor (`PASSWORD_COST` unless given). Checking reads the factor from the
 * stored hash, so hashes of any factor verify. The API tests hash at a lower one
 * (tests/support/harness.ts; docs/TESTING.md, "Suite time"); every other caller, production's.
 */
export class Passwords {
  private dummy: Promise<string> | undefined;

  constructor(private readonly cost: PasswordCost = PASSWORD_COST) {}

  /** `scrypt$<logN>$<r>$<p>$<salt>$<key>` with base64url salt and key. */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(PARAMS.saltLength);
    const { logN } = this.cost;
    const key = await derive(password, salt, logN, PARAMS.r, PARAMS.p, PARAMS.keyLength);
    return ['scrypt', logN, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored);
  }

  /**
   * Spends the same work as a real check, for logins with an unknown email or an account without
   * a password, so response time does not tell which emails have accounts.
   */
  async spendCheck(password: string): Promise<false> {
    this.dummy ??= this.hash('not-a-password-of-anyone');
    await verifyPassword(password, await this.dummy);
    return false;
  }
}

/** Hashing at production's work factor. */
export const PRODUCTION_PASSWORDS = new Passwords();

export const hashPassword = (password: string): Promise<string> => PRODUCTION_PASSWORDS.hash(password);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(logN),
    Number(r),
    Number(p),
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
