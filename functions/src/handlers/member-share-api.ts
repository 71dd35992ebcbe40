import { handle } from 'hono/aws-lambda';
import { createMemberShareApi } from '#app/member-groups.ts';
import { miniAppSetting } from '#line/mini-app.ts';
import { lambdaDepsWithoutIdTokens, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/** Share links route group (app/route-groups.ts): the public share page of a session; sends no e-mail. */
const deps = await lambdaDepsWithoutIdTokens(process.env);
export const handler = observed(
  withTrustedOrigin(
    handle(
      createMemberShareApi(deps, {
        appBaseUrl: deps.appBaseUrl,
        liffId: process.env.LIFF_ID || undefined,
        miniApp: miniAppSetting(process.env.SHUTTLE_MINI_APP),
      }),
    ),
  ),
);
