import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the table, sealed with AES-256-GCM under a key from the stage's secrets
 * (docs/LINE.md, "Service messages"): a stolen table or backup holds no usable value. The
 * associated data binds a sealed value to the item it belongs to, so a value copied onto
 * another item does not open there.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * The 32-byte key from its text form: 64 hex digits or the base64 of 32 bytes; anything else is
 * refused rather than stretched, so a short or mistyped key fails at start.
 */
export function sealingKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('The sealing key must be 32 bytes (64 hex digits or base64)');
  return key;
}

/** A key derived from a local secret (`npm start`, tests), never used on AWS. */
export const derivedSealingKey = (secret: string, purpose: string): Buffer =>
  createHash('sha256').update(`${purpose}\n${secret}`).digest();

export class Sealer {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The sealing key must be 32 bytes');
    this.key = key;
  }

  /** `v1.<iv>.<ciphertext and tag>`, base64url; a fresh IV every time. */
  seal(plain: string, associated: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(associated, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${b64url(iv)}.${b64url(body)}`;
  }

  /** The plain text, or null when the value is not one this key sealed for `associated`. */
  open(sealed: string, associated: string): string | null {
    const [version, ivText, bodyText] = sealed.split('.');
    if (version !== VERSION || !ivText || !bodyText) return null;
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAAD(Buffer.from(associated, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
