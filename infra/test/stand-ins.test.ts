import { Sha256 as SdkSha256 } from '@smithy/core/checksum';
import MnemonistLru from 'mnemonist/lru-cache.js';
import { describe, expect, it } from 'vitest';
import { EventStreamSerde, eventStreamSerdeProvider } from '../lib/stand-ins/event-streams.ts';
import { InvokeStore } from '../lib/stand-ins/invoke-store.ts';
import StandInLru from '../lib/stand-ins/lru-cache.ts';
import { Sha256 } from '../lib/stand-ins/sha256.ts';

/**
 * The modules that replace packages in the Lambda bundles (infra/lib/stand-ins, `BUNDLING.alias`;
 * docs/DEPLOY.md, "Bundles") against the packages themselves: the hash and the cache give the
 * same results, and what no function runs refuses to run. The SDK clients the functions call are
 * not replaced; infra/test/bundles.test.ts sends their requests from a bundle.
 */
describe('the small stand-ins', () => {
  it('hashes and HMACs as the SDK’s Sha256', async () => {
    for (const [secret, data] of [
      [undefined, 'hello'],
      [undefined, new Uint8Array([0, 1, 2, 255])],
      ['key', 'message'],
      [new Uint8Array([9, 8, 7]), '驗證'],
    ] as const) {
      const ours = new Sha256(secret);
      const theirs = new SdkSha256(secret);
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
      ours.update(bytes);
      theirs.update(bytes);
      expect(await ours.digest()).toEqual(await theirs.digest());
    }
  });

  it('keeps the least recently used entries out first, as mnemonist’s LRU cache', () => {
    const ours = new StandInLru<string, number>(2);
    const theirs = new MnemonistLru<string, number>(2);
    const steps: [string, string, number?][] = [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['get', 'a'],
      ['set', 'c', 3],
      ['has', 'b'],
      ['peek', 'a'],
      ['set', 'd', 4],
      ['has', 'a'],
      ['get', 'c'],
      ['set', 'c', 5],
      ['get', 'c'],
    ];
    for (const [op, key, value] of steps) {
      const call = (cache: StandInLru<string, number> | MnemonistLru<string, number>) => {
        if (op !== 'set') return (cache as unknown as Record<string, (k: string) => unknown>)[op]!.call(cache, key);
        cache.set(key, value!);
        return cache.size;
      };
      expect(call(ours), `${op} ${key}`).toEqual(call(theirs));
    }
  });

  it('refuses event streams loudly, which no bundled operation uses', () => {
    expect(() => new EventStreamSerde()).toThrow(/not in this Lambda bundle/);
    expect(() => eventStreamSerdeProvider()).toThrow(/not in this Lambda bundle/);
  });

  it('hands out the Lambda runtime’s invoke store, and none without it', async () => {
    const global = globalThis as { awslambda?: { InvokeStore?: unknown } };
    const saved = global.awslambda;
    try {
      delete global.awslambda;
      expect(await InvokeStore.getInstanceAsync()).toBeUndefined();
      const store = { getXRayTraceId: () => 'Root=1-abc' };
      global.awslambda = { InvokeStore: store };
      expect(await InvokeStore.getInstanceAsync()).toBe(store);
    } finally {
      global.awslambda = saved;
    }
  });
});
