import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';

/**
 * Stands in for `@smithy/core/checksum` in the Lambda bundles (`BUNDLING.alias`,
 * infra/lib/bundling.ts), whose only import there is the SDK clients' `Sha256` (for Signature V4).
 * The SDK's `Sha256Node` is this same class over node:crypto, but its module also carries a
 * pure-JavaScript SHA-256 for runtimes without one (~3 KB), which Lambda's Node.js never needs.
 * infra/test/stand-ins.test.ts compares digests and HMACs with the SDK's.
 */
type Data = string | ArrayBuffer | ArrayBufferView;

const toBuffer = (data: Data): string | Buffer =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

export class Sha256 {
  readonly digestLength = 32;
  private readonly isHmac: boolean;
  private hash: Hash | Hmac;
  private finished = false;

  constructor(private readonly secret?: Data) {
    this.isHmac = !!secret;
    this.hash = this.create();
  }

  update(data: string | NodeJS.ArrayBufferView): void {
    if (this.finished) throw new Error('Attempted to update an already finished hash.');
    this.hash.update(data);
  }

  async digest(): Promise<Uint8Array> {
    let bytes: Buffer;
    if (this.isHmac) {
      this.finished = true;
      bytes = this.hash.digest();
    } else bytes = (this.hash as Hash).copy().digest();
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  reset(): void {
    this.hash = this.create();
    this.finished = false;
  }

  private create(): Hash | Hmac {
    return this.isHmac ? createHmac('sha256', toBuffer(this.secret!)) : createHash('sha256');
  }
}
