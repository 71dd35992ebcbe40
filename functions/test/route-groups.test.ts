import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { adminRoutes, memberRoutes, type RouteContract } from '@shuttle/shared';
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createAdminApi } from '../src/app/admin-api.ts';
import {
  createAdminAccountsApi,
  createAdminCourtApi,
  createAdminMoneyApi,
  createAdminOpenApi,
  createAdminRotationApi,
  createAdminTeamsApi,
} from '../src/app/admin-groups.ts';
import { createMemberApi } from '../src/app/member-api.ts';
import {
  createMemberAuthApi,
  createMemberCoreApi,
  createMemberMoneyApi,
  createMemberRotationApi,
} from '../src/app/member-groups.ts';
import { createMemberShareApi } from '../src/app/member-share-group.ts';
import {
  API_BASES,
  type ApiName,
  gatewayPaths,
  ROUTE_GROUPS,
  type RouteGroup,
  routeGroupOf,
} from '../src/app/route-groups.ts';
import type { AppDeps } from '../src/app/services.ts';
import { TokenService } from '../src/auth/tokens.ts';
import type { ApiEnv } from '../src/platform/http.ts';

/**
 * The APIs split by route group (app/route-groups.ts; docs/DEPLOY.md, "Bundles"): every call of
 * `adminRoutes` and `memberRoutes` goes to exactly one group's function, that group's app serves
 * it and no other group's does, and the whole apps (`npm start`) still serve every call. No
 * database: a call either reaches a route (which answers anything but 404: 400 for the empty
 * body, 401 without a token, or 500 from the store that refuses every request) or is not found.
 */
const deps: AppDeps = {
  store: {
    doc: {
      send: async () => {
        throw new Error('no database in this test');
      },
    } as unknown as DynamoDBDocumentClient,
    tableName: 'none',
  },
  clock: { now: () => new Date('2026-03-02T10:00:00Z') },
  ids: () => 'id',
  tokens: new TokenService({ secret: 'x'.repeat(40), memberTtlSeconds: 60, adminTtlSeconds: 60 }),
  verifyLineIdToken: async () => {
    throw new Error('no sign-in in this test');
  },
  verifyGoogleIdToken: async () => {
    throw new Error('no sign-in in this test');
  },
  mailer: { send: async () => {} },
  pepper: 'pepper',
  validateResponses: false,
} as AppDeps;

const groupApps: Record<string, Hono<ApiEnv>> = {
  'member-auth-api': createMemberAuthApi(deps),
  'member-api': createMemberCoreApi(deps),
  'member-rotation-api': createMemberRotationApi(deps),
  'member-share-api': createMemberShareApi(deps),
  'member-money-api': createMemberMoneyApi(deps),
  'admin-accounts-api': createAdminAccountsApi(deps),
  'admin-teams-api': createAdminTeamsApi(deps),
  'admin-money-api': createAdminMoneyApi(deps),
  'admin-api': createAdminCourtApi(deps),
  'admin-rotation-api': createAdminRotationApi(deps),
  'admin-openapi-api': createAdminOpenApi(),
};
const wholeApps: Record<ApiName, Hono<ApiEnv>> = { member: createMemberApi(deps), admin: createAdminApi(deps) };
const tables: Record<ApiName, Record<string, RouteContract>> = { member: memberRoutes, admin: adminRoutes };
const calls = (Object.keys(tables) as ApiName[]).flatMap((api) =>
  Object.entries(tables[api]).map(([path, contract]) => ({ api, path, method: contract.method })),
);

async function status(app: Hono<ApiEnv>, api: ApiName, path: string, method: string): Promise<number> {
  const url = `http://localhost${API_BASES[api]}/${path}`;
  const init = method === 'GET' ? { method } : { method, body: '{}', headers: { 'content-type': 'application/json' } };
  return (await app.request(url, init)).status;
}

describe('API route groups', () => {
  it('have one function each, one catch-all group per API, and shares of concurrency that add up', () => {
    expect(new Set(ROUTE_GROUPS.map((g) => g.handler)).size).toBe(ROUTE_GROUPS.length);
    expect(Object.keys(groupApps).sort()).toEqual(ROUTE_GROUPS.map((g) => g.handler).sort());
    for (const api of ['member', 'admin'] as const) {
      const groups = ROUTE_GROUPS.filter((g) => g.api === api);
      expect(groups.filter((g) => g.paths.includes('*'))).toHaveLength(1);
      expect(groups.reduce((sum, g) => sum + g.concurrencyShare, 0)).toBeCloseTo(1);
    }
    // The catch-all groups keep the handler names the whole APIs had.
    expect(routeGroupOf('member', 'no/such/call').handler).toBe('member-api');
    expect(routeGroupOf('admin', 'no/such/call').handler).toBe('admin-api');
  });

  it('send each call to the group that serves it, and no other group serves it', async () => {
    const wrong: string[] = [];
    for (const { api, path, method } of calls) {
      const owner = routeGroupOf(api, path);
      for (const group of ROUTE_GROUPS.filter((g) => g.api === api)) {
        const served = (await status(groupApps[group.handler]!, api, path, method)) !== 404;
        if (served !== (group === owner))
          wrong.push(`${api} ${path}: ${group.handler} ${served ? 'serves' : 'misses'} it`);
      }
      if ((await status(wholeApps[api], api, path, method)) === 404) wrong.push(`${api} ${path}: npm start misses it`);
    }
    expect(wrong).toEqual([]);
  });

  it('give every group path of API Gateway at least one call it takes, under the API’s base', () => {
    const claims = (group: RouteGroup, pattern: string) =>
      Object.keys(tables[group.api]).filter(
        (path) =>
          routeGroupOf(group.api, path) === group &&
          (pattern === '*' || (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern)),
      );
    for (const group of ROUTE_GROUPS) {
      // A plain group (the share page) serves no call of the table: its own test checks its paths.
      if (!group.plain)
        for (const pattern of group.paths)
          expect(claims(group, pattern), `${group.handler} ${pattern}`).not.toEqual([]);
      const base = API_BASES[group.api];
      expect(
        gatewayPaths(group).every((p) => p.startsWith(`${base}/`) && !p.slice(base.length + 1).includes('*')),
      ).toBe(true);
    }
    expect(gatewayPaths(routeGroupOf('admin', 'login'))).toContain('/api/admin/login');
    expect(gatewayPaths(routeGroupOf('admin', 'password/reset'))).toContain('/api/admin/password/{proxy+}');
    expect(gatewayPaths(routeGroupOf('member', 'checkState/sessionList/joinSession'))).toEqual(['/api/{proxy+}']);
  });

  it('send the share page to its plain group, which answers it as HTML, and no other group', async () => {
    expect(routeGroupOf('member', 'share/s-1').handler).toBe('member-share-api');
    expect(routeGroupOf('member', 'share/s-1/card.png').handler).toBe('member-share-api');
    expect(gatewayPaths(routeGroupOf('member', 'share/s-1'))).toEqual(['/api/share/{proxy+}', '/api/openapi.json']);
    const share = await groupApps['member-share-api']!.request('http://localhost/api/share/bad%20id');
    expect(share.status).toBe(404);
    expect(share.headers.get('content-type')).toContain('text/html');
    const core = await groupApps['member-api']!.request('http://localhost/api/share/bad%20id');
    expect(core.headers.get('content-type') ?? '').not.toContain('text/html');
  });

  it('serve /openapi.json only from the group its path goes to, with the whole API', async () => {
    // The member API's from the share page's group (public documents), the admin API's from a
    // group of its own, so that the groups serving calls carry only their own contracts.
    expect(routeGroupOf('member', 'openapi.json').handler).toBe('member-share-api');
    expect(routeGroupOf('admin', 'openapi.json').handler).toBe('admin-openapi-api');
    expect(gatewayPaths(routeGroupOf('admin', 'openapi.json'))).toEqual(['/api/admin/openapi.json']);
    for (const group of ROUTE_GROUPS) {
      const res = await groupApps[group.handler]!.request(`http://localhost${API_BASES[group.api]}/openapi.json`);
      if (routeGroupOf(group.api, 'openapi.json') !== group) {
        expect(res.status, group.handler).toBe(404);
        continue;
      }
      const doc = (await res.json()) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toHaveLength(Object.keys(tables[group.api]).length);
    }
  });
});
