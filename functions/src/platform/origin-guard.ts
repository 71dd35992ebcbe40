import { timingSafeEqual } from 'node:crypto';

/**
 * CloudFront adds this header, with a value from Secrets Manager, to every request it forwards to
 * the APIs (infra/lib/constructs/web.ts); the API functions answer 403 to a request without it,
 * so calling the execute-api URL directly bypasses neither the WAF nor the edge's rate rules
 * (docs/DEPLOY.md, "Edge protection").
 */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';

/** True when `headers` carry the expected origin secret (compared in constant time). */
export function fromTrustedOrigin(headers: Record<string, string | undefined> | undefined, expected: string): boolean {
  if (!expected) return false;
  // REST API (v1) and WebSocket events keep header names as sent; HTTP API (v2) events lower-case them.
  const name = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === ORIGIN_SECRET_HEADER);
  const given = (name && headers?.[name]) || '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The failure envelope of a request without the header, but its `timestamp`: the APIs' regional
 * WAF answers it as a fixed body (infra/lib/constructs/origin-waf.ts), the functions with the time.
 */
export const UNTRUSTED_ORIGIN_FAILURE = {
  success: false,
  message: 'You do not have permission to do this',
  error: 'FORBIDDEN',
} as const;

/** The API Gateway answer to a request that did not come through CloudFront: the usual failure envelope. */
export function untrustedOriginResponse(now: Date = new Date()) {
  return {
    statusCode: 403,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...UNTRUSTED_ORIGIN_FAILURE, timestamp: now.toISOString() }),
  };
}
