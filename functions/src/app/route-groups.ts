/**
 * Which Lambda function serves which API call (docs/DEPLOY.md, "Bundles"): each API is split by
 * route group into several functions, so every bundle stays under 500 KB and only the groups
 * that send e-mail synchronously carry the SES client. Read by the Lambda entries
 * (functions/src/handlers/*-api.ts, through app/admin-groups.ts and app/member-groups.ts) and by
 * the stack (infra/lib/constructs/api.ts), which gives each group its API Gateway routes; the
 * local server (`npm start`) keeps serving every call from one process (app/admin-api.ts,
 * app/member-api.ts). functions/test/route-groups.test.ts holds every call of `adminRoutes` and
 * `memberRoutes` to exactly one group, served by that group's app.
 *
 * Plain data with no imports, so the stack can read it without bundling any route code.
 */

export type ApiName = 'member' | 'admin';

export interface RouteGroup {
  /** The Lambda entry, functions/src/handlers/<handler>.ts, and the function's name in the bundle report. */
  handler: string;
  api: ApiName;
  /**
   * Paths under the API's base, as API Gateway routes: `login` is that call alone, `password/*`
   * every call under `password/`, and `*` (one group per API) every call no other group claims.
   * As in an HTTP API, an exact path wins over a prefix, and a longer prefix over a shorter one.
   */
  paths: readonly string[];
  /** What the group serves, for the function's description. */
  description: string;
  /** Whether its calls send e-mail through SES (the handler passes `sesMailer`): only these get the SES grant. */
  sendsEmail: boolean;
  /**
   * Its part of the API's reserved concurrency (`memberApiConcurrency` / `adminApiConcurrency`,
   * docs/DEPLOY.md "Edge protection"); the parts of one API add up to 1.
   */
  concurrencyShare: number;
  /**
   * Set when the group serves plain HTTP routes rather than calls of the route table (the public
   * share page, docs/LINE.md "Share card"; the admin API's OpenAPI document): no contract call
   * names its paths.
   */
  plain?: true;
}

/** The API Gateway path prefix of each API (CloudFront sends `/api/admin/*` to the admin API). */
export const API_BASES: Record<ApiName, string> = { member: '/api', admin: '/api/admin' };

/** Each API's OpenAPI document (`/openapi.json`): its title and how a caller authenticates. */
export const API_DOCUMENTS: Record<ApiName, { title: string; authDescription: string }> = {
  member: { title: 'Shuttle member API', authDescription: 'Member token from loginLine/loginGoogle' },
  admin: {
    title: 'Shuttle admin API',
    authDescription: 'Admin token from login, signup or becomeLeader (kept under admin-token)',
  },
};

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  {
    handler: 'member-auth-api',
    api: 'member',
    paths: [
      'loginLine',
      'loginGoogle',
      'checkState/checkAuth',
      'checkState/setting/updateProfile',
      'checkState/setting/nickname',
      'checkState/setting/becomeLeader',
      'checkState/email/*',
      'checkState/account/*',
    ],
    description: 'Member API, accounts: LINE and Google sign-in, e-mail codes, profile, data export and deletion',
    sendsEmail: true,
    concurrencyShare: 0.2,
  },
  {
    handler: 'member-rotation-api',
    api: 'member',
    paths: ['checkState/rotation/*', 'withoutAuth/rotation/*', 'checkState/stats/*', 'checkState/setting/ratings'],
    description:
      "Member API, rotation board: players' board, the helper's calls (results move ratings), venue screen, a player's own games and rating",
    sendsEmail: false,
    concurrencyShare: 0.2,
  },
  {
    handler: 'member-share-api',
    api: 'member',
    paths: ['share/*', 'openapi.json'],
    description:
      'Member API, share links and document: the public share page of a session (Open Graph card), the OpenAPI document',
    sendsEmail: false,
    concurrencyShare: 0.1,
    plain: true,
  },
  {
    handler: 'member-money-api',
    api: 'member',
    paths: [
      'checkState/payments/*',
      'checkState/passes/*',
      'checkState/noShow/*',
      'checkState/setting/getLevel',
      'checkState/setting/level',
      'checkState/history/exportCsv',
    ],
    description:
      'Member API, money and levels: transfer reports, passes, no-show standing, declared level, history export',
    sendsEmail: false,
    concurrencyShare: 0.1,
  },
  {
    handler: 'member-api',
    api: 'member',
    paths: ['*'],
    description: 'Member API: sessions, bookings, history, teams, calendars',
    sendsEmail: false,
    concurrencyShare: 0.4,
  },
  {
    handler: 'admin-accounts-api',
    api: 'admin',
    paths: ['signup', 'login', 'check-auth', 'checkAuth', 'password/*', 'email/*'],
    description: 'Admin API, accounts: sign-up, sign-in, password reset, e-mail verification',
    sendsEmail: true,
    concurrencyShare: 0.1,
  },
  {
    handler: 'admin-teams-api',
    api: 'admin',
    paths: ['get-default-data', 'setting/*', 'team/*'],
    description: 'Admin API, teams: team settings, venues, LINE group, co-admin invitations',
    sendsEmail: true,
    concurrencyShare: 0.2,
  },
  {
    handler: 'admin-money-api',
    api: 'admin',
    paths: [
      'setting/getPaymentDetails',
      'setting/updatePaymentDetails',
      'reports/*',
      'board/*',
      'payments/*',
      'passes/*',
      'noShow/*',
      'settlement/*',
      'shuttles/*',
    ],
    description: 'Admin API, money: reports, board, payments, passes, no-shows, exports, settlement, shuttles',
    sendsEmail: false,
    concurrencyShare: 0.2,
  },
  {
    handler: 'admin-rotation-api',
    api: 'admin',
    paths: ['rotation/*'],
    description: 'Admin API, rotation board: games, results and corrections (which move ratings)',
    sendsEmail: false,
    concurrencyShare: 0.1,
  },
  {
    handler: 'admin-api',
    api: 'admin',
    paths: ['*'],
    description: 'Admin API, on court: sessions, check-in, members',
    sendsEmail: false,
    concurrencyShare: 0.3,
  },
  {
    handler: 'admin-openapi-api',
    api: 'admin',
    paths: ['openapi.json'],
    description: 'Admin API, document: the OpenAPI document of every admin call',
    sendsEmail: false,
    concurrencyShare: 0.1,
    plain: true,
  },
];

/** How specific a group path is for `path` (-1: no match): exact paths first, then the longest prefix, then `*`. */
function specificity(pattern: string, path: string): number {
  if (pattern === '*') return 0;
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -1);
    return path.startsWith(prefix) && path.length > prefix.length ? prefix.length : -1;
  }
  return pattern === path ? Number.MAX_SAFE_INTEGER : -1;
}

/** The group whose function API Gateway sends `path` (under the API's base, no leading slash) to. */
export function routeGroupOf(api: ApiName, path: string): RouteGroup {
  let best: { group: RouteGroup; score: number } | undefined;
  for (const group of ROUTE_GROUPS) {
    if (group.api !== api) continue;
    for (const pattern of group.paths) {
      const score = specificity(pattern, path);
      if (score >= 0 && (!best || score > best.score)) best = { group, score };
    }
  }
  if (!best) throw new Error(`No ${api} route group serves ${path}`);
  return best.group;
}

/** The group's API Gateway route paths: `/api/admin/login`, `/api/admin/password/{proxy+}`, `/api/admin/{proxy+}`. */
export function gatewayPaths(group: RouteGroup): string[] {
  const base = API_BASES[group.api];
  return group.paths.map((p) =>
    p === '*' ? `${base}/{proxy+}` : p.endsWith('/*') ? `${base}/${p.slice(0, -2)}/{proxy+}` : `${base}/${p}`,
  );
}
