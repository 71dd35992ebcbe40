import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTE_GROUPS } from '@shuttle/functions/app/route-groups.ts';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaBundles, type SharedBundles } from '../../tests/support/bundles.ts';
import { bundleLimit, bundleOptions, lambdaEntries, writeSourceMaps } from '../bin/bundle-report.ts';
import { BUNDLE_BUDGET_BYTES, OVER_BUDGET_CEILINGS, repoRoot } from '../lib/bundling.ts';

/** The API functions, one per route group (functions/src/app/route-groups.ts), and those that send e-mail. */
const apiGroups = ROUTE_GROUPS.map((g) => g.handler);
const mailingGroups = ROUTE_GROUPS.filter((g) => g.sendsEmail).map((g) => g.handler);

/**
 * The Lambda bundles as the stack builds them (infra/lib/bundling.ts; docs/DEPLOY.md, "Bundles"),
 * built once per run and shared (tests/support/bundles.ts): the AWS SDK inside at the tested
 * version, each under the size goal, and each free of what it never uses.
 */
describe('Lambda bundles', () => {
  let bundles: SharedBundles;
  beforeAll(async () => {
    bundles = await lambdaBundles();
  }, 300_000);
  const of = (handler: string, pattern: RegExp) => bundles[handler]!.inputs.filter((p) => pattern.test(p));

  it('has one entry point per deployed function', () => {
    expect(lambdaEntries()).toEqual(
      expect.arrayContaining([
        ...apiGroups,
        'line-webhook',
        'outbox-stream',
        'outbox-sweep',
        'reminders',
        'sign-up-jobs',
        'rotation-sockets',
        'rotation-broadcast',
      ]),
    );
    expect(apiGroups).toEqual(
      expect.arrayContaining(['member-api', 'member-auth-api', 'admin-api', 'admin-accounts-api']),
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
    // Every function is held to the goal itself (the APIs are split by route group).
    expect(OVER_BUDGET_CEILINGS).toEqual({});
    expect(Object.values(bundles).filter(({ bytes }) => bytes >= BUNDLE_BUDGET_BYTES)).toEqual([]);
    // A function that meets the goal leaves OVER_BUDGET_CEILINGS, so the list only shrinks.
    const metGoal = Object.keys(OVER_BUDGET_CEILINGS).filter((h) => bundles[h]!.bytes < BUNDLE_BUDGET_BYTES);
    expect(metGoal, 'remove these from OVER_BUDGET_CEILINGS').toEqual([]);
    expect(Object.keys(OVER_BUDGET_CEILINGS).every((h) => h in bundles)).toBe(true);
  });

  it('writes source maps beside the bundles (no sources inside), for upload outside the zip', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shuttle-maps-'));
    try {
      const [file] = await writeSourceMaps(dir, ['reminders'], Object.values(bundles));
      const map = JSON.parse(readFileSync(file!, 'utf8')) as {
        version: number;
        sources: string[];
        sourcesContent?: unknown;
      };
      expect(map.version).toBe(3);
      expect(map.sources.some((s) => s.endsWith('functions/src/handlers/reminders.ts'))).toBe(true);
      expect(map.sourcesContent).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

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
    // The admin groups that e-mail (account mail, invitations) carry its texts; the others none.
    for (const handler of ['admin-accounts-api', 'admin-teams-api']) {
      expect(of(handler, /locales\/[^/]+\/accounts\.json/), handler).toHaveLength(5);
    }
    for (const handler of ['admin-api', 'admin-money-api', 'member-api']) {
      expect(of(handler, /locales\/[^/]+\/accounts\.json/), handler).toEqual([]);
    }
    // The member accounts group e-mails a verification code: that text of notifications.json, no other.
    const notifications = Object.entries(bundles['member-auth-api']!.bytesByInput).filter(([p]) =>
      /\/notifications\.json$/.test(p),
    );
    expect(notifications).toHaveLength(5);
    expect(notifications.every(([, bytes]) => bytes < 512)).toBe(true);
  });

  it('carries the official SES v2 and Secrets Manager clients, and stand-ins only for what no function runs', () => {
    const replaced =
      /node_modules\/(@smithy\/core\/dist-es\/submodules\/(event-streams|checksum)|mnemonist|@aws\/lambda-invoke-store)\//;
    for (const handler of Object.keys(bundles)) {
      expect(of(handler, replaced), handler).toEqual([]);
      // SES through its JSON API: neither the v1 client nor its XML protocol.
      expect(of(handler, /node_modules\/@aws-sdk\/(client-ses|xml-builder)\//), handler).toEqual([]);
    }
    for (const handler of [...mailingGroups, 'outbox-stream', 'outbox-sweep']) {
      expect(of(handler, /node_modules\/@aws-sdk\/client-sesv2\//).length, handler).toBeGreaterThan(0);
      expect(of(handler, /node_modules\/@aws-sdk\/client-secrets-manager\//).length, handler).toBeGreaterThan(0);
    }
    // Only the route groups whose calls e-mail carry SES (functions/src/handlers/deps.ts, `sesMailer`).
    expect(mailingGroups.sort()).toEqual(['admin-accounts-api', 'admin-teams-api', 'member-auth-api']);
    for (const handler of apiGroups.filter((h) => !mailingGroups.includes(h))) {
      expect(of(handler, /node_modules\/@aws-sdk\/client-sesv2\//), handler).toEqual([]);
      expect(of(handler, /node_modules\/@aws-sdk\/client-secrets-manager\//).length, handler).toBeGreaterThan(0);
    }
    // The jobs that read no secret drop the client (the secret cache is built as a pure call).
    for (const handler of ['reminders', 'sign-up-jobs']) {
      expect(of(handler, /node_modules\/@aws-sdk\/client-(secrets-manager|sesv2)\//), handler).toEqual([]);
    }
    for (const handler of apiGroups) {
      // One router (the trie), not the smart router's pair.
      expect(of(handler, /hono\/dist\/router\/(reg-exp|smart)-router\//), handler).toEqual([]);
    }
    // Only the member sign-in group verifies LINE and Google ID tokens; the others carry no JOSE
    // code at all (the service's own tokens are signed with node:crypto, auth/tokens.ts).
    expect(of('member-auth-api', /jose\/dist\/webapi\/jwks\/remote\.js$/)).toHaveLength(1);
    for (const handler of apiGroups.filter((h) => h !== 'member-auth-api')) {
      expect(of(handler, /node_modules\/jose\//), handler).toEqual([]);
    }
    // Only the member accounts group e-mails players a code.
    for (const handler of apiGroups.filter((h) => h !== 'member-auth-api')) {
      expect(of(handler, /functions\/src\/players\/email-verification\.ts$|\/notifications\.json$/), handler).toEqual(
        [],
      );
    }
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

    it('sends the app’s e-mail through SES v2 and reads secrets, signed with those credentials', async () => {
      const result = await build({
        ...bundleOptions({
          stdin: {
            contents: `import { SESv2Client } from '@aws-sdk/client-sesv2';
              import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
              import { SesEmailSender } from '#platform/email.ts';
              export const email = (endpoint, to) =>
                new SesEmailSender(new SESv2Client({ region: 'ap-northeast-1', endpoint }), 'no-reply@shuttle.tw', 'shuttle-prod')
                  .send({ to, subject: '驗證碼 123456', text: '您的驗證碼是 123456' });
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
      expect(inputs.some((p) => /node_modules\/@aws-sdk\/client-sesv2\//.test(p))).toBe(true);
      expect(inputs.some((p) => /node_modules\/@aws-sdk\/client-secrets-manager\//.test(p))).toBe(true);
      const file = join(dir, 'services.mjs');
      writeFileSync(file, result.outputFiles[0]!.contents);
      const bundled = (await import(file)) as {
        email: (endpoint: string, to: string) => Promise<void>;
        secret: (endpoint: string) => Promise<{ SecretString?: string }>;
      };
      const seen: { method: string; url: string; authorization: string; token: string; body: string }[] = [];
      const server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
        });
        req.on('end', () => {
          seen.push({
            method: String(req.method),
            url: String(req.url),
            authorization: String(req.headers.authorization),
            token: String(req.headers['x-amz-security-token']),
            body,
          });
          if (req.headers['x-amz-target'] === 'secretsmanager.GetSecretValue') {
            res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
            res.end(JSON.stringify({ SecretString: 'signing-key' }));
          } else if (body.includes('unverified@example.tw')) {
            res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
            res.end(JSON.stringify({ message: 'Email address is not verified.' }));
          } else {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ MessageId: 'm-1' }));
          }
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
        await expect(bundled.email(endpoint, 'p@example.tw')).resolves.toBeUndefined();
        await expect(bundled.secret(endpoint)).resolves.toMatchObject({ SecretString: 'signing-key' });
        // A refusal reaches the caller (the outbox keeps the notification pending), not retried.
        await expect(bundled.email(endpoint, 'unverified@example.tw')).rejects.toMatchObject({
          name: 'MessageRejected',
          message: 'Email address is not verified.',
        });
      } finally {
        for (const key of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) {
          if (saved[key] === undefined) delete process.env[key];
          else process.env[key] = saved[key];
        }
        server.close();
      }
      expect(seen).toHaveLength(3);
      const [sent, read] = seen as [(typeof seen)[0], (typeof seen)[0]];
      expect([sent.method, sent.url]).toEqual(['POST', '/v2/email/outbound-emails']);
      expect(sent.authorization).toMatch(/Credential=AKIDLAMBDA\/\d{8}\/ap-northeast-1\/ses\/aws4_request/);
      expect(JSON.parse(sent.body)).toEqual({
        FromEmailAddress: 'no-reply@shuttle.tw',
        ConfigurationSetName: 'shuttle-prod',
        Destination: { ToAddresses: ['p@example.tw'] },
        Content: {
          Simple: {
            Subject: { Data: '驗證碼 123456', Charset: 'UTF-8' },
            Body: { Text: { Data: '您的驗證碼是 123456', Charset: 'UTF-8' } },
          },
        },
      });
      expect(read.authorization).toMatch(/Credential=AKIDLAMBDA\/\d{8}\/ap-northeast-1\/secretsmanager\/aws4_request/);
      expect(seen.map((r) => r.token)).toEqual(['lambda-token', 'lambda-token', 'lambda-token']);
    }, 30_000);
  });
});
