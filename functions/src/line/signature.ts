import { createHmac, timingSafeEqual } from 'node:crypto';

/** `x-line-signature`: base64 HMAC-SHA256 of the raw request body, keyed by the channel secret. */
export const lineSignature = (rawBody: Uint8Array | string, channelSecret: string) =>
  createHmac('sha256', channelSecret).update(rawBody).digest('base64');

/** Constant-time check of a webhook signature; an unset channel secret accepts nothing. */
export function isValidLineSignature(
  rawBody: Uint8Array,
  signature: string | undefined,
  channelSecret: string,
): boolean {
  if (!signature || !channelSecret) return false;
  const expected = Buffer.from(lineSignature(rawBody, channelSecret), 'base64');
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
