import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type PasswordCost, Passwords } from '@shuttle/functions/admin-accounts/password.ts';
import type { RateLimitSettings } from '@shuttle/functions/app/limits.ts';
import { createMemberApi } from '@shuttle/functions/app/member-api.ts';
import type { AppDeps } from '@shuttle/functions/app/services.ts';
import { idTokenVerifier } from '@shuttle/functions/auth/id-token.ts';
import { TokenService } from '@shuttle/functions/auth/tokens.ts';
import { ensureTable } from '@shuttle/functions/db/bootstrap.ts';
import { createDocumentClient, type Store } from '@shuttle/functions/db/client.ts';
import { index, key } from '@shuttle/functions/db/keys.ts';
import { createDevIdentityProvider, devIdpIssuers, devIdpJwks } from '@shuttle/functions/local/dev-idp.ts';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import { LOCAL_GOOGLE_CLIENT_ID, LOCAL_LINE_CHANNEL_ID } from '@shuttle/functions/local/server.ts';
import { FixedClock, parseShuttleNow, randomId } from '@shuttle/functions/platform/clock.ts';
import { CaptureEmailSender } from '@shuttle/functions/platform/email.ts';
import { clientAddress } from '@shuttle/functions/platform/rate-limit.ts';
import type { RetryPolicy } from '@shuttle/functions/platform/retry.ts';
import { type NewSession, newSessionItem } from '@shuttle/functions/sessions/factory.ts';
import type { TeamRecord } from '@shuttle/functions/teams/repository.ts';
import type { Hono } from 'hono';
import { inject } from 'vitest';

/**
 * Default "now" of API tests: a Tuesday morning in Taipei, or the instant `SHUTTLE_NOW` names
 * (`npm run test:clock` runs the date-sensitive suites at several; docs/TESTING.md).
 */
export const TEST_NOW = (
  parseShuttleNow(process.env.SHUTTLE_NOW) ?? new Date('2026-12-01T02:00:00.000Z')
).toISOString();

/** The apps' origin (`APP_BASE_URL`) the test APIs are built with: every link an answer carries starts with it. */
export const APP_BASE_URL = 'https://shuttle.test';

export interface ApiResponse<T = unknown> {
  status: number;
  body: { success: boolean; message: string; error?: string; data?: T; timestamp: string };
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  rawBody?: string;
}

export interface HarnessOptions {
  now?: string;
  retry?: RetryPolicy;
  /** Wraps the document client, e.g. to inject TransactionConflict or throttling faults. */
  wrapStore?: (store: Store) => void;
  /** Off unless given: the concurrency tests make hundreds of calls from one address. */
  rateLimits?: RateLimitSettings;
  /** DynamoDB Local reached another way (a stalling proxy, `stall-proxy.ts`) and the SDK's request timeout. */
  dynamo?: { endpoint?: string; requestTimeoutMs?: number };
  /** LINE MINI App mode (docs/LINE.md, "Service messages"): off unless given. */
  miniApp?: AppDeps['miniApp'];
  /** The work factor of admin password hashes: 2^10 unless given (`PASSWORD_COST` is production's). */
  passwordCost?: PasswordCost;
}

/**
 * A member API on a fresh table of the run's DynamoDB Local, a dev identity provider on an
 * ephemeral port (so ID tokens are verified over JWKS exactly as in production), a clock
 * the test moves, and the captured emails.
 */
export async function createApiHarness(options: HarnessOptions = {}) {
  const endpoint = options.dynamo?.endpoint ?? inject('dynamoEndpoint');
  const tableName = `test_${randomUUID().slice(0, 12)}`;
  const doc = createDocumentClient({ region: 'local', endpoint, requestTimeoutMs: options.dynamo?.requestTimeoutMs });
  // Creating a table may take longer than a stall test's request timeout: done straight, without it.
  const setup = options.dynamo ? createDocumentClient({ region: 'local', endpoint: inject('dynamoEndpoint') }) : doc;
  await ensureTable(setup, tableName);
  if (setup !== doc) setup.destroy();
  const store: Store = { doc, tableName };
  options.wrapStore?.(store);
  // TEST_NOW was read when this module loaded: a worker that loaded it for another instant must not run this file.
  const instant = parseShuttleNow(process.env.SHUTTLE_NOW);
  if (instant && instant.toISOString() !== TEST_NOW)
    throw new Error(`SHUTTLE_NOW is ${instant.toISOString()} but the harness loaded at ${TEST_NOW}`);
  const clock = new FixedClock(new Date(options.now ?? TEST_NOW));

  const idpListening = await listenFirst('127.0.0.1');
  const idpServer = idpListening.server;
  const idpOrigin = `http://127.0.0.1:${idpListening.port}`;
  const idp = await createDevIdentityProvider({
    origin: idpOrigin,
    lineChannelId: LOCAL_LINE_CHANNEL_ID,
    googleClientId: LOCAL_GOOGLE_CLIENT_ID,
  });
  idpListening.handle(idp.app.fetch);
  const issuers = devIdpIssuers(idpOrigin);
  const jwks = devIdpJwks(idpOrigin);
  const emails = new CaptureEmailSender();

  const deps: AppDeps = {
    store,
    clock,
    ids: randomId,
    tokens: new TokenService({
      secret: 'test-secret-0123456789abcdef0123456789',
      memberTtlSeconds: 3600,
      adminTtlSeconds: 3600,
      now: () => clock.now(),
    }),
    verifyLineIdToken: idTokenVerifier({
      jwksUrl: jwks.line,
      issuers: [issuers.line],
      audience: LOCAL_LINE_CHANNEL_ID,
      algorithms: ['ES256'],
    }),
    verifyGoogleIdToken: idTokenVerifier({
      jwksUrl: jwks.google,
      issuers: [issuers.google],
      audience: LOCAL_GOOGLE_CLIENT_ID,
      algorithms: ['RS256'],
    }),
    mailer: emails,
    pepper: 'test-pepper',
    // 2^10 instead of 2^15: the API files hash about 360 passwords, 51 s of CPU at production's
    // factor (docs/TESTING.md, "Suite time"); a file that checks the stored hash asks for it.
    passwords: new Passwords(options.passwordCost ?? { logN: 10 }),
    validateResponses: true,
    retry: options.retry,
    rateLimits: options.rateLimits ?? { enabled: false },
    // As behind the stack's CloudFront: a test names its client with `x-forwarded-for`.
    clientAddress: (c) => clientAddress(c.req.header('x-forwarded-for'), '127.0.0.1', 1),
    ...(options.miniApp ? { miniApp: options.miniApp } : {}),
  };
  const app: Hono = createMemberApi(deps, { appBaseUrl: APP_BASE_URL }) as unknown as Hono;
  let httpServer: Server | null = null;

  async function call<T = unknown>(path: string, body?: unknown, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const method = opts.method ?? (body === undefined && opts.rawBody === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (method === 'POST') headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.request(`/api/${path}`, {
      method,
      headers,
      body: method === 'POST' ? (opts.rawBody ?? JSON.stringify(body ?? {})) : undefined,
    });
    return { status: res.status, body: (await res.json()) as ApiResponse<T>['body'] };
  }

  async function login(sub: string, name = sub, provider: 'line' | 'google' = 'line'): Promise<string> {
    const idToken = await idp.issue({ sub, name, provider });
    const res = await call<{ token: string }>(provider === 'line' ? 'loginLine' : 'loginGoogle', { idToken });
    if (res.status !== 200 || !res.body.data) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token;
  }

  async function putTeam(overrides: Partial<TeamRecord> = {}): Promise<TeamRecord> {
    const team: TeamRecord = {
      type: 'team',
      id: overrides.id ?? `team-${randomUUID().slice(0, 8)}`,
      name: '測試羽球隊',
      defaultRegion: '台北市',
      defaultPlaceName: '測試運動中心',
      defaultLocation: '台北市大安區',
      defaultPrice: 200,
      defaultLine: '',
      privateRules: '請準時到場',
      cancelWindowMinutes: 120,
      memberCount: 0,
      createdAt: clock.now().toISOString(),
      ...overrides,
    };
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...key.team(team.id), ...index.teamsByName(team.name, team.id), ...team },
      }),
    );
    return team;
  }

  /** A session starting `startsInHours` from now, open for sign-up since yesterday. */
  async function putSession(team: TeamRecord, overrides: Partial<NewSession> & { startsInHours?: number } = {}) {
    const now = clock.now().getTime();
    const startsAt = new Date(now + (overrides.startsInHours ?? 48) * 3_600_000).toISOString();
    const item = newSessionItem(
      {
        id: `s-${randomUUID().slice(0, 12)}`,
        teamId: team.id,
        teamName: team.name,
        title: `${team.name} 歡樂場`,
        venue: team.defaultPlaceName,
        address: team.defaultLocation,
        region: '台北市',
        categories: ['casual'],
        courts: 3,
        capacity: 24,
        price: 200,
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
        signupOpensAt: new Date(now - 24 * 3_600_000).toISOString(),
        isPublic: true,
        createdBy: 'test',
        ...overrides,
      },
      clock.now(),
    );
    await doc.send(new PutCommand({ TableName: tableName, Item: item }));
    return item;
  }

  /** Serves the app over real HTTP (for concurrency tests); returns the base URL. */
  async function listen(): Promise<string> {
    const listening = await listenFirst('127.0.0.1', { fetch: app.fetch });
    httpServer = listening.server;
    const port = listening.port;
    return `http://127.0.0.1:${port}`;
  }

  async function close() {
    if (httpServer) await new Promise((r) => httpServer!.close(r));
    await new Promise((r) => idpServer.close(r));
    doc.destroy();
  }

  return { app, deps, store, clock, emails, idp, call, login, putTeam, putSession, listen, close };
}

export type ApiHarness = Awaited<ReturnType<typeof createApiHarness>>;
