import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
    // The member API e-mails a verification code: that text of notifications.json, no other.
    const notifications = Object.entries(bundles['member-api']!.bytesByInput).filter(([p]) =>
      /\/notifications\.json$/.test(p),
    );
    expect(notifications).toHaveLength(5);
    expect(notifications.every(([, bytes]) => bytes < 512)).toBe(true);
  });

  it('carries the stand-ins instead of what the functions never run', () => {
    const replaced =
      /node_modules\/(@aws-sdk\/client-(ses|secrets-manager)|@smithy\/core\/dist-es\/submodules\/(event-streams|checksum)|mnemonist|@aws\/lambda-invoke-store|@aws-sdk\/xml-builder)\//;
    for (const handler of Object.keys(bundles)) expect(of(handler, replaced), handler).toEqual([]);
    for (const handler of ['member-api', 'admin-api']) {
      expect(of(handler, /infra\/lib\/stand-ins\/(ses|secrets-manager)\.ts$/), handler).toHaveLength(2);
      // One router (the trie), not the smart router's pair.
      expect(of(handler, /hono\/dist\/router\/(reg-exp|smart)-router\//), handler).toEqual([]);
    }
    // The admin API verifies no LINE or Google ID token, and e-mails players no code.
    expect(of('admin-api', /jose\/dist\/webapi\/jwks\//)).toEqual([]);
    expect(of('member-api', /jose\/dist\/webapi\/jwks\/remote\.js$/)).toHaveLength(1);
    expect(of('admin-api', /functions\/src\/players\/email-verification\.ts$|\/notifications\.json$/)).toEqual([]);
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

    it('sends e-mail and reads secrets through the stand-ins, signed with those credentials', async () => {
      const result = await build({
        ...bundleOptions({
          stdin: {
            contents: `import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
              import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
              export const email = (endpoint) => new SESClient({ region: 'ap-northeast-1', endpoint }).send(
                new SendEmailCommand({ Source: 'no-reply@shuttle.tw', Destination: { ToAddresses: ['p@example.tw'] },
                  Message: { Subject: { Data: '驗證碼', Charset: 'UTF-8' }, Body: { Text: { Data: 'Hi', Charset: 'UTF-8' } } } }));
              export const secret = (endpoint) => new SecretsManagerClient({ endpoint }).send(
                new GetSecretValueCommand({ SecretId: 'shuttle-jwt' }));`,
            resolveDir: join(repoRoot, 'functions'),
            loader: 'ts',
          },
        }),
        write: false,
        metafile: true,
      });
      const inputs = Object.keys(result.metafile!.inputs);
      expect(inputs.filter((p) => /infra\/lib\/stand-ins\/(ses|secrets-manager)\.ts$/.test(p))).toHaveLength(2);
      expect(inputs.filter((p) => /@aws-sdk\/client-(ses|secrets-manager)\//.test(p))).toEqual([]);
      const file = join(dir, 'services.mjs');
      writeFileSync(file, result.outputFiles[0]!.contents);
      const bundled = (await import(file)) as {
        email: (endpoint: string) => Promise<{ MessageId?: string }>;
        secret: (endpoint: string) => Promise<{ SecretString?: string }>;
      };
      const seen: { authorization: string; token: string; body: string }[] = [];
      const server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
        });
        req.on('end', () => {
          seen.push({
            authorization: String(req.headers.authorization),
            token: String(req.headers['x-amz-security-token']),
            body,
          });
          res.end(
            req.headers['x-amz-target'] === 'secretsmanager.GetSecretValue'
              ? JSON.stringify({ SecretString: 'signing-key' })
              : '<SendEmailResponse><SendEmailResult><MessageId>m-1</MessageId></SendEmailResult></SendEmailResponse>',
          );
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const saved = { ...process.env };
      try {
        Object.assign(process.env, {
          AWS_REGION: 'ap-northeast-1',
          AWS_ACCESS_KEY_ID: 'AKIDLAMBDA',
          AWS_SECRET_ACCESS_KEY: 'lambda-secret',
          AWS_SESSION_TOKEN: 'lambda-token',
        });
        await expect(bundled.email(endpoint)).resolves.toMatchObject({ MessageId: 'm-1' });
        await expect(bundled.secret(endpoint)).resolves.toMatchObject({ SecretString: 'signing-key' });
      } finally {
        for (const key of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) {
          if (saved[key] === undefined) delete process.env[key];
          else process.env[key] = saved[key];
        }
        server.close();
      }
      expect(seen).toHaveLength(2);
      expect(seen[0]!.authorization).toMatch(/Credential=AKIDLAMBDA\/\d{8}\/ap-northeast-1\/ses\/aws4_request/);
      expect(seen[0]!.body).toContain('Action=SendEmail&Version=2010-12-01&Source=no-reply%40shuttle.tw');
      expect(seen[1]!.authorization).toMatch(
        /Credential=AKIDLAMBDA\/\d{8}\/ap-northeast-1\/secretsmanager\/aws4_request/,
      );
      expect(seen.map((r) => r.token)).toEqual(['lambda-token', 'lambda-token']);
    }, 30_000);
  });
});
