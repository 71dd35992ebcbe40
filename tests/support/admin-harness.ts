import type { Server } from 'node:http';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createAdminApi } from '@shuttle/functions/app/admin-api.ts';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import type { AdminSession } from '@shuttle/shared';
import type { Hono } from 'hono';
import { type ApiResponse, type CallOptions, createApiHarness, type HarnessOptions } from './harness.ts';
import { scanAll } from './tables.ts';

export interface RecordedCommand {
  name: string;
  input: Record<string, unknown>;
}

export const ADMIN_PASSWORD = 'correct-horse-battery';

/**
 * The API harness plus the admin API on the same table, clock and mailer, with admin helpers,
 * a table snapshot (to prove a refused call wrote nothing) and a recorder of every DynamoDB
 * command a call sends (to prove a refused call read nothing it should not).
 */
export async function createAdminHarness(options: HarnessOptions = {}) {
  const recorded: RecordedCommand[] = [];
  let recording = false;
  const h = await createApiHarness({
    ...options,
    wrapStore: (store) => {
      store.doc.middlewareStack.add(
        (next, context) => async (args) => {
          if (recording)
            recorded.push({ name: String(context.commandName), input: args.input as Record<string, unknown> });
          return next(args);
        },
        { step: 'initialize', name: 'recordCommands' },
      );
      options.wrapStore?.(store);
    },
  });
  const adminApp: Hono = createAdminApi(h.deps, { appBaseUrl: 'https://shuttle.test' }) as unknown as Hono;
  let adminServer: Server | null = null;

  async function adminCall<T = unknown>(path: string, body?: unknown, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const method = opts.method ?? (body === undefined && opts.rawBody === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (method === 'POST') headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const query =
      method === 'GET' && body && typeof body === 'object'
        ? `?${new URLSearchParams(body as Record<string, string>)}`
        : '';
    const res = await adminApp.request(`/api/admin/${path}${query}`, {
      method,
      headers,
      body: method === 'POST' ? (opts.rawBody ?? JSON.stringify(body ?? {})) : undefined,
    });
    return { status: res.status, body: (await res.json()) as ApiResponse<T>['body'] };
  }

  /** Data of a call that must succeed; fails the test with the envelope otherwise. */
  async function ok<T = unknown>(path: string, body: unknown, token: string): Promise<T> {
    const res = await adminCall<T>(path, body, { token });
    if (res.status !== 200 || !res.body.success) {
      throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body.data as T;
  }

  /** The newest 6-digit code emailed to `email`. */
  function codeSentTo(email: string): string {
    const mail = h.emails.sent.filter((m) => m.to === email).at(-1);
    // Reset codes have 10 digits, email verification codes 6 (LIMITS.md, "Admin sign-in").
    return /\b(\d{10}|\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
  }

  /** A new admin account; its email is verified with the code sign-up sent, unless `verified` is false. */
  async function adminSignup(
    email: string,
    displayName = email.split('@')[0]!,
    password = ADMIN_PASSWORD,
    { verified = true }: { verified?: boolean } = {},
  ) {
    const res = await adminCall<{ token: string; admin: { adminId: string } }>('signup', {
      email,
      password,
      displayName,
    });
    if (res.status !== 200) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
    const token = res.body.data!.token;
    if (verified) await ok('email/verifyCode', { code: codeSentTo(email.trim().toLowerCase()) }, token);
    return { token, adminId: res.body.data!.admin.adminId };
  }

  async function adminLogin(email: string, password = ADMIN_PASSWORD) {
    return adminCall<{ token: string; admin: { adminId: string; currentTeamId: string | null } }>('login', {
      email,
      password,
    });
  }

  /** A new admin account running a new team; the token names it as current team. */
  async function adminWithTeam(email: string, teamName = `${email.split('@')[0]} 羽球隊`) {
    const { token, adminId } = await adminSignup(email);
    const created = await ok<{ team: { team_id: string } }>(
      'setting/createTeam',
      { team_name: teamName, default_region: '台北市', default_place_name: '測試運動中心', default_price: 200 },
      token,
    );
    return { token, adminId, teamId: created.team.team_id };
  }

  /** A valid createSession body: starts in `startsInHours` (default 48), sign-up open since an hour ago. */
  function sessionBody(overrides: Record<string, unknown> & { startsInHours?: number } = {}) {
    const { startsInHours = 48, ...rest } = overrides;
    const now = h.clock.now().getTime();
    const startsAt = new Date(now + startsInHours * 3_600_000).toISOString();
    return {
      publishState: 0,
      venue: '大安運動中心',
      address: '台北市大安區辛亥路三段55號',
      region: '台北市',
      courts: 2,
      capacity: 4,
      price: 200,
      categories: ['casual'],
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
      signupOpensAt: new Date(now - 3_600_000).toISOString(),
      ...rest,
    };
  }

  /** Publishes one session through the admin API and returns it. */
  async function newSession(token: string, overrides: Record<string, unknown> & { startsInHours?: number } = {}) {
    const created = await ok<{ sessions: AdminSession[] }>(
      'createSession/createSession',
      sessionBody(overrides),
      token,
    );
    return created.sessions[0]!;
  }

  /** Member tokens for `count` new players. */
  async function players(count: number, prefix: string): Promise<{ sub: string; userId: string; token: string }[]> {
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const sub = `U${prefix}${String(i).padStart(3, '0')}`;
        return { sub, userId: `line_${sub}`, token: await h.login(sub, `${prefix} ${i}`) };
      }),
    );
  }

  async function join(token: string, sessionId: string) {
    return h.call<{ status: 'accepted' | 'waiting' }>('checkState/sessionList/joinSession', { sessionId }, { token });
  }

  /** Runs `action` with the clock moved by `ms`, and moves it back even if the action fails. */
  async function later<T>(ms: number, action: () => Promise<T>): Promise<T> {
    h.clock.advance(ms);
    try {
      return await action();
    } finally {
      h.clock.advance(-ms);
    }
  }

  /** Every item of the test table, sorted (a test-only Scan; request paths never scan). */
  async function snapshot(): Promise<Record<string, unknown>[]> {
    const items = await scanAll(h.store);
    const id = (i: Record<string, unknown>) => `${i.PK}|${i.SK}`;
    return items.sort((a, b) => id(a).localeCompare(id(b)));
  }

  /** Runs `action` and returns the DynamoDB commands it sent. */
  async function record<T>(action: () => Promise<T>): Promise<{ result: T; commands: RecordedCommand[] }> {
    recorded.length = 0;
    recording = true;
    try {
      const result = await action();
      return { result, commands: [...recorded] };
    } finally {
      recording = false;
    }
  }

  /** Pending outbox records (the notifier's queue), optionally for one session. */
  async function outbox(sessionId?: string): Promise<Record<string, unknown>[]> {
    const { Items } = await h.store.doc.send(
      new QueryCommand({
        TableName: h.store.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING' },
      }),
    );
    return (Items ?? []).filter((i) => !sessionId || i.sessionId === sessionId);
  }

  /** Serves the admin API over real HTTP (for concurrency tests); returns the base URL. */
  async function listenAdmin(): Promise<string> {
    const listening = await listenFirst('127.0.0.1', { fetch: adminApp.fetch });
    adminServer = listening.server;
    const port = listening.port;
    return `http://127.0.0.1:${port}`;
  }

  async function close() {
    if (adminServer) await new Promise((r) => adminServer!.close(r));
    await h.close();
  }

  return {
    ...h,
    adminApp,
    adminCall,
    ok,
    codeSentTo,
    adminSignup,
    adminLogin,
    adminWithTeam,
    later,
    sessionBody,
    newSession,
    players,
    join,
    snapshot,
    record,
    outbox,
    listenAdmin,
    close,
  };
}

export type AdminHarness = Awaited<ReturnType<typeof createAdminHarness>>;
