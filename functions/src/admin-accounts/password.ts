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

/** `scrypt$<logN>$<r>$<p>$<salt>$<key>` with base64url salt and key. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(PARAMS.saltLength);
  const key = await derive(password, salt, PARAMS.logN, PARAMS.r, PARAMS.p, PARAMS.keyLength);
  return ['scrypt', PARAMS.logN, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

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

let dummy: Promise<string> | undefined;
/**
 * Spends the same work as a real check, for logins with an unknown email or an account without
 * a password, so response time does not tell which emails have accounts.
 */
export async function spendPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(password, await dummy);
  return false;
}
