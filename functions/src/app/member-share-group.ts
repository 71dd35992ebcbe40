import { memberRoutes } from '@shuttle/shared';
import type { Hono } from 'hono';
import { shareRoutes } from '#api/member/share.ts';
import { shareCardRenderer } from '#line/share-card-image.ts';
import type { ApiEnv } from '#platform/http.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { contractApi } from './contract-api.ts';
import { appBaseUrlOf, rateLimitsOf } from './deps.ts';
import { memberHttp, rateLimiter } from './http-options.ts';
import { rateBuckets } from './limits.ts';
import type { MemberApiOptions } from './member-api.ts';
import { API_BASES, API_DOCUMENTS } from './route-groups.ts';
import type { AppDeps } from './services.ts';

/**
 * `member-share-api`: the public documents, plain GETs: the share page of a session (docs/LINE.md,
 * "Share card"), one read a page, and `/openapi.json` of the whole member API. Only this function
 * carries every member contract; the groups that serve calls carry their own tables. The page's
 * image is drawn as locally (resvg's WebAssembly and Noto Sans TC, which the stack copies beside
 * this function's bundle: `options.shareImageFiles`).
 */
export function createMemberShareApi(deps: AppDeps, options: MemberApiOptions = {}): Hono<ApiEnv> {
  const { store, clock } = deps;
  return contractApi({
    base: API_BASES.member,
    routes: memberRoutes,
    ...API_DOCUMENTS.member,
    mounts: [
      shareRoutes({
        clock,
        sessions: new SessionRepository(store),
        http: memberHttp(deps, rateLimiter(deps)),
        shareRate: rateBuckets(['browse'], rateLimitsOf(deps)),
        appBaseUrl: appBaseUrlOf(options),
        ...(options.liffId ? { liffId: options.liffId } : {}),
        ...(options.miniApp ? { miniAppLinks: true } : {}),
        renderImage: shareCardRenderer(options.shareImageFiles),
      }),
    ],
  });
}
