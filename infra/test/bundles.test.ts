import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundleSize, bundleLimit, bundleOptions, bundleSizes, lambdaEntries } from '../bin/bundle-report.ts';
import { BUNDLE_BUDGET_BYTES, OVER_BUDGET_CEILINGS, repoRoot } from '../lib/bundling.ts';

/**
 * The Lambda bundles as the stack builds them (infra/lib/bundling.ts; docs/DEPLOY.md, "Bundles"):
 * the AWS SDK inside at the tested version, each under the size goal, and each free of what it
 * never uses.
 */
describe('Lambda bundles', () => {
  let bundles: Record<string, BundleSize>;
  beforeAll(async () => {
    bundles = Object.fromEntries((await bundleSizes()).map((b) => [b.handler, b]));
  }, 60_000);
  const of = (handler: string, pattern: RegExp) => bundles[handler]!.inputs.filter((p) => pattern.test(p));

  it('has one entry point per deployed function', () => {
    expect(lambdaEntries()).toEqual(
      expect.arrayContaining([
        'admin-api',
        'line-webhook',
        'member-api',
        'outbox-stream',
        'outbox-sweep',
        'reminders',
        'sign-up-jobs',
      ]),
    );
  });

  it('keeps every function under 500 KB, or under its ceiling while it is listed as still over', () => {
    const kb = (bytes: number) => Math.round(bytes / 1024);
    const sizes = Object.values(bundles).map(({ handler, bytes }) => ({ handler, kb: kb(bytes) }));
    const tooBig = Object.values(bundles).filter(({ handler, bytes }) => bytes >= bundleLimit(handler));
    expect(
      tooBig.map((b) => b.handler),
      JSON.stringify(sizes),
    ).toEqual([]);
    // A function that meets the goal leaves OVER_BUDGET_CEILINGS, so the list only shrinks.
    const metGoal = Object.keys(OVER_BUDGET_CEILINGS).filter((h) => bundles[h]!.bytes < BUNDLE_BUDGET_BYTES);
    expect(metGoal, 'remove these from OVER_BUDGET_CEILINGS').toEqual([]);
    expect(Object.keys(OVER_BUDGET_CEILINGS).every((h) => h in bundles)).toBe(true);
  });

  it('carries the AWS SDK from package-lock.json, not the runtime’s', () => {
    expect(of('reminders', /node_modules\/@aws-sdk\/client-dynamodb\//).length).toBeGreaterThan(0);
  });

  it('carries only the English zod locale, and no zod in the jobs that validate nothing', () => {
    for (const handler of Object.keys(bundles)) {
      expect(of(handler, /node_modules\/zod\/v4\/locales\/(?!en\.js)/), handler).toEqual([]);
    }
    expect(of('admin-api', /node_modules\/zod\/v4\/locales\/en\.js/)).toHaveLength(1);
    for (const handler of ['reminders', 'outbox-stream', 'outbox-sweep']) {
      expect(of(handler, /node_modules\/zod\//), handler).toEqual([]);
    }
  });

  it('carries only the i18n namespaces each function translates', () => {
    expect(of('reminders', /i18n\/locales/)).toEqual([]);
    // The member and admin apps' texts stay out of every function (the admin API's money CSV
    // takes only the `moneyCsv` part of admin.json, which esbuild tree-shakes).
    for (const handler of Object.keys(bundles)) {
      expect(of(handler, /i18n\/locales\/[^/]+\/member\.json/), handler).toEqual([]);
      const adminJson = Object.entries(bundles[handler]!.bytesByInput).filter(([p]) => /\/admin\.json$/.test(p));
      expect(
        adminJson.every(([, bytes]) => bytes < 3 * 1024),
        handler,
      ).toBe(true);
    }
    // The notifiers send notifications in every language, so they carry those texts, and no others.
    for (const handler of ['outbox-sweep', 'outbox-stream']) {
      expect(of(handler, /locales\/[^/]+\/notifications\.json/), handler).toHaveLength(5);
      expect(of(handler, /locales\/[^/]+\/(errors|accounts|admin|member)\.json/), handler).toEqual([]);
    }
    expect(of('admin-api', /locales\/[^/]+\/accounts\.json/)).toHaveLength(5);
  });

  it('replaces the SDK’s credential chain with the Lambda environment’s credentials', () => {
    for (const handler of Object.keys(bundles)) {
      expect(of(handler, /@aws-sdk\/(nested-clients|credential-provider-(node|ini|sso|login))\//), handler).toEqual([]);
    }
  });

  describe('a bundled SDK client', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shuttle-bundle-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('resolves the credentials Lambda puts in the environment', async () => {
      const result = await build({
        ...bundleOptions({
          stdin: {
            contents: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
              export const credentials = () => new DynamoDBClient({ region: 'ap-northeast-1' }).config.credentials();`,
            resolveDir: join(repoRoot, 'functions'),
            loader: 'ts',
          },
        }),
        write: false,
      });
      const file = join(dir, 'client.mjs');
      writeFileSync(file, result.outputFiles[0]!.contents);
      const { credentials } = (await import(file)) as { credentials: () => Promise<Record<string, unknown>> };
      const saved = { ...process.env };
      try {
        Object.assign(process.env, {
          AWS_ACCESS_KEY_ID: 'AKIDLAMBDA',
          AWS_SECRET_ACCESS_KEY: 'lambda-secret',
          AWS_SESSION_TOKEN: 'lambda-token',
        });
        delete process.env.AWS_PROFILE;
        await expect(credentials()).resolves.toMatchObject({
          accessKeyId: 'AKIDLAMBDA',
          secretAccessKey: 'lambda-secret',
          sessionToken: 'lambda-token',
        });
      } finally {
        for (const key of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE']) {
          if (saved[key] === undefined) delete process.env[key];
          else process.env[key] = saved[key];
        }
      }
    }, 30_000);
  });
});
