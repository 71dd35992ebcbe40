import { fileURLToPath } from 'node:url';
import { handle } from 'hono/aws-lambda';
import { createMemberShareApi } from '#app/member-share-group.ts';
import { miniAppSetting } from '#line/mini-app.ts';
import { bundledShareImageFiles } from '#line/share-card-image.ts';
import { lambdaDepsWithoutIdTokens, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/**
 * Share links route group (app/route-groups.ts): the public share page of a session and its image;
 * sends no e-mail. The image's WebAssembly and fonts sit beside this bundle (the group's `files`,
 * copied there by the stack), read on the first image.
 */
const deps = await lambdaDepsWithoutIdTokens(process.env);
export const handler = observed(
  withTrustedOrigin(
    handle(
      createMemberShareApi(deps, {
        appBaseUrl: deps.appBaseUrl,
        liffId: process.env.LIFF_ID || undefined,
        miniApp: miniAppSetting(process.env.SHUTTLE_MINI_APP),
        shareImageFiles: bundledShareImageFiles(fileURLToPath(new URL('.', import.meta.url))),
      }),
    ),
  ),
);
