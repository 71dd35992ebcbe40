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
  const given = headers?.[ORIGIN_SECRET_HEADER] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The API Gateway answer to a request that did not come through CloudFront: the usual failure envelope. */
export function untrustedOriginResponse(now: Date = new Date()) {
  return {
    statusCode: 403,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      success: false,
      message: 'You do not have permission to do this',
      error: 'FORBIDDEN',
      timestamp: now.toISOString(),
    }),
  };
}
