import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TokenService } from '@shuttle/functions/auth/tokens.ts';
import { adminKey } from '@shuttle/functions/db/keys.ts';
import { type AdminRoutePath, adminRoutes } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness, type RecordedCommand } from '../../support/admin-harness.ts';
import { adminSample, type SampleWorld } from '../../support/route-samples.ts';

let h: AdminHarness;
let a: { token: string; adminId: string; teamId: string };
let b: { token: string; adminId: string; teamId: string };
let sessionId: string;
let venueId: string;
let memberId: string;
let memberToken: string;
let expiredToken: string;
let forgedToken: string;
let world: SampleWorld;

/** Calls about the caller's own account; every other admin call acts on one team. */
const ACCOUNT_ROUTES: AdminRoutePath[] = [
  'check-auth',
  'checkAuth',
  'setting/createTeam',
  'setting/getTeamListByUser',
  'setting/getTeamNameList',
  'setting/acceptInvite',
  'email/sendCode',
  'email/verifyCode',
];
const PUBLIC_ROUTES: AdminRoutePath[] = ['signup', 'login', 'password/requestReset', 'password/reset'];

const allRoutes = Object.keys(adminRoutes) as AdminRoutePath[];
const guardedRoutes = allRoutes.filter((path) => adminRoutes[path].auth === 'admin');
const teamRoutes = guardedRoutes.filter((path) => !ACCOUNT_ROUTES.includes(path));

function sampleInput(path: AdminRoutePath): unknown {
  return adminSample(path, world);
}

function callAs(path: AdminRoutePath, token: string | undefined) {
  const contract = adminRoutes[path];
  const body = sampleInput(path);
  return h.adminCall(path, contract.method === 'GET' ? (body ?? undefined) : (body ?? {}), {
    token,
    method: contract.method,
  });
}

/** The table keys a command read or wrote. */
const keysOf = (command: RecordedCommand) => {
  const key = command.input.Key as { PK?: string; SK?: string } | undefined;
  return key ? `${key.PK}|${key.SK}` : `(${command.name})`;
};

beforeAll(async () => {
  h = await createAdminHarness();
  a = await h.adminWithTeam('team-a@example.com', 'A 隊');
  b = await h.adminWithTeam('team-b@example.com', 'B 隊');
  const session = await h.newSession(a.token, { capacity: 4 });
  sessionId = session.id;
  const venue = await h.ok<{ venue_id: string }>('setting/saveVenue', { name: 'A 隊場地', region: '台北市' }, a.token);
  venueId = venue.venue_id;
  const [player] = await h.players(1, 'perm');
  memberId = player!.userId;
  memberToken = player!.token;
  await h.call('checkState/member/joinTeam', { teamId: a.teamId }, { token: memberToken });
  await h.join(memberToken, sessionId);
  // Only the caller is refused in this file: the ids the samples name need not all exist.
  world = {
    teamId: a.teamId,
    sessionId,
    venueId,
    playerId: memberId,
    otherPlayerId: 'line_Usomeone',
    boardIds: ['p_none', 'p_none'],
    joinRequesterId: memberId,
    adminId: a.adminId,
    passId: 'pass-of-someone',
    sessionBody: () => h.sessionBody(),
  };
  expiredToken = await h.later(-2 * 3_600_000, async () => (await h.adminLogin('team-a@example.com')).body.data!.token);
  forgedToken = (
    await new TokenService({
      secret: 'someone-elses-secret-0123456789abcdef',
      memberTtlSeconds: 3600,
      adminTtlSeconds: 3600,
      now: () => h.clock.now(),
    }).issueAdmin({
      adminId: a.adminId,
      email: 'team-a@example.com',
      name: 'A',
      teamIds: [a.teamId],
      currentTeamId: a.teamId,
    })
  ).token;
});
afterAll(() => h.close());

describe('the admin route table', () => {
  it('has exactly the public calls of the account flow; everything else needs an admin token', () => {
    expect(allRoutes.filter((p) => adminRoutes[p].auth === 'none').sort()).toEqual([...PUBLIC_ROUTES].sort());
    expect(guardedRoutes.length + PUBLIC_ROUTES.length).toBe(allRoutes.length);
  });

  it('has a valid sample request for every guarded call', () => {
    for (const path of guardedRoutes) {
      const contract = adminRoutes[path];
      if (!contract.request) continue;
      const parsed = contract.request.safeParse(sampleInput(path));
      expect(parsed.success, `${path}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('publishes an OpenAPI document of every call', async () => {
    const res = await h.adminApp.request('/api/admin/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, { security: unknown[] }>> };
    expect(Object.keys(doc.paths).sort()).toEqual(allRoutes.map((p) => `/api/admin/${p}`).sort());
    expect(doc.paths['/api/admin/check-auth']!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/admin/login']!.post!.security).toEqual([]);
  });
});

describe('every guarded admin call without a valid admin token', () => {
  const variants: [string, () => string | undefined, string][] = [
    ['no token', () => undefined, 'NO_ADMIN_TOKEN'],
    ['a malformed token', () => 'not-a-jwt', 'INVALID_TOKEN'],
    ['a token signed with another secret', () => forgedToken, 'INVALID_TOKEN'],
    ['an expired admin token', () => expiredToken, 'INVALID_TOKEN'],
    ['a member token', () => memberToken, 'INVALID_TOKEN'],
  ];

  it.each(guardedRoutes)('%s is refused with 401, reads nothing and writes nothing', async (path) => {
    const before = await h.snapshot();
    for (const [label, token, error] of variants) {
      const { result, commands } = await h.record(() => callAs(path, token()));
      expect(result.status, `${path} with ${label}`).toBe(401);
      expect(result.body.error, `${path} with ${label}`).toBe(error);
      if (error === 'NO_ADMIN_TOKEN') expect(result.body.message).toBe('No admin token found');
      expect(commands.map(keysOf), `${path} with ${label} touched the table`).toEqual([]);
    }
    expect(await h.snapshot()).toEqual(before);
  });
});

describe("an admin of another team on team A's calls", () => {
  it.each(teamRoutes)('%s is refused with 403 after reading only who may act', async (path) => {
    const before = await h.snapshot();
    const { result, commands } = await h.record(() => callAs(path, b.token));
    expect(result.status, path).toBe(403);
    expect(result.body.error).toBe('FORBIDDEN');
    const allowed = new Set([
      `ADMIN#${b.adminId}|PROFILE`,
      `TEAM#${a.teamId}|ADMIN#${b.adminId}`,
      `SESSION#${sessionId}|SESSION`,
    ]);
    for (const command of commands) {
      expect(command.name, path).toBe('GetItemCommand');
      expect(allowed.has(keysOf(command)), `${path} read ${keysOf(command)}`).toBe(true);
    }
    expect(await h.snapshot()).toEqual(before);
  });

  it('sees only their own account and teams through the account calls', async () => {
    const teams = await h.ok<{ team_id: string }[]>('setting/getTeamListByUser', {}, b.token);
    expect(teams.map((t) => t.team_id)).toEqual([b.teamId]);
    const me = await h.ok<{ adminId: string; currentTeamId: string }>('check-auth', undefined, b.token);
    expect(me).toMatchObject({ adminId: b.adminId, currentTeamId: b.teamId });
    const invite = await h.adminCall('setting/acceptInvite', { token: 'A'.repeat(43) }, { token: b.token });
    expect(invite.body.error).toBe('INVITE_INVALID');
  });

  it('the same calls work for team A itself (the samples are not refused for another reason)', async () => {
    for (const path of [
      'setting/defaultData',
      'courtSession/getSessionMember',
      'members/getMembers',
      'members/getJoinRequests',
      'board/getBoard',
      'payments/getOutstanding',
      'noShow/getRule',
    ] as const) {
      expect((await callAs(path, a.token)).status, path).toBe(200);
    }
  });
});

describe('malformed input on every call', () => {
  const publicSamples: Partial<Record<AdminRoutePath, unknown>> = {
    signup: { email: 'new@example.com', password: 'long-enough-pw', displayName: 'x' },
    login: { email: 'team-a@example.com', password: 'long-enough-pw' },
    'password/requestReset': { email: 'team-a@example.com' },
    'password/reset': { email: 'team-a@example.com', code: '123456', newPassword: 'long-enough-pw' },
  };

  it.each(allRoutes.filter((path) => adminRoutes[path].request))(
    '%s answers a 400 envelope to broken JSON and to unknown fields, and writes nothing',
    async (path) => {
      const contract = adminRoutes[path];
      const token = contract.auth === 'admin' ? a.token : undefined;
      const sample = (contract.auth === 'none' ? publicSamples[path] : sampleInput(path)) as Record<string, unknown>;
      const before = await h.snapshot();
      const extra = await h.adminCall(path, { ...sample, unexpected: true }, { token, method: contract.method });
      expect(extra.status, `${path} with an unknown field`).toBe(400);
      expect(extra.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
      if (contract.method === 'POST') {
        const broken = await h.adminCall(path, undefined, { token, method: 'POST', rawBody: '{"oops":' });
        expect(broken.status, `${path} with broken JSON`).toBe(400);
        const wrongType = await h.adminCall(path, undefined, { token, method: 'POST', rawBody: '[1,2,3]' });
        expect(wrongType.status, `${path} with an array body`).toBe(400);
      }
      expect(await h.snapshot()).toEqual(before);
    },
  );
});

describe('account state', () => {
  it('refuses an admin whose isAdmin flag is off', async () => {
    const c = await h.adminSignup('disabled@example.com');
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: adminKey.admin(c.adminId),
        UpdateExpression: 'SET isAdmin = :false',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
    const res = await h.adminCall('check-auth', undefined, { token: c.token });
    expect(res.status).toBe(403);
  });

  it('an admin token is not a member token', async () => {
    const res = await h.call('checkState/booked/getBooked', undefined, { token: a.token });
    expect(res.status).toBe(401);
  });
});
