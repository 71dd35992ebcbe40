import { randomBytes } from 'node:crypto';

/**
 * The origin secret's rotation with an overlap (docs/DEPLOY.md, "Rotating the origin secret"):
 * the API functions accept the secret's `current` and `previous` values
 * (functions/src/handlers/deps.ts), CloudFront sends `current`, resolved at deploy time.
 *
 * The APIs' regional WAF (infra/lib/constructs/origin-waf.ts) lets through the values resolved
 * at deploy time: the secret's `current`, and in a deploy pinned to a version, its `previous` too.
 *
 * 1. `{current: new, previous: old}`: within the secret cache's five minutes every function
 *    accepts both, while CloudFront still sends the old one (and the WAF lets the old one only).
 * 2. Wait out that cache.
 * 3. Deploy with `-c originSecretVersion=<the new version>`: the template changes, CloudFormation
 *    resolves the secret again; the WAF, which the distribution depends on, lets both values
 *    through first, then CloudFront's edges switch to the new value one by one.
 * 4. `{current: new}`: the old value is dropped, and refused by the functions within five minutes.
 * 5. Deploy again without the pin: the WAF lets only the new value through.
 */
export const ROTATION_CACHE_WAIT_SECONDS = 5 * 60 + 30;

/** A new value: 48 letters and digits, as the stack generates it. */
export function newOriginValue(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(48)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** The value CloudFront sends now: the JSON secret's `current`, or a plain secret (older stacks). */
export function currentOriginValue(secret: string): string {
  if (!secret.trimStart().startsWith('{')) return secret;
  const current = (JSON.parse(secret) as { current?: unknown }).current;
  if (typeof current !== 'string' || !current) throw new Error('The origin secret has no "current" value');
  return current;
}

export const overlapping = (next: string, previous: string): string => JSON.stringify({ current: next, previous });
export const settled = (next: string): string => JSON.stringify({ current: next });
