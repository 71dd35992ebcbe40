import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { type BundledFile, SHARE_IMAGE_BUNDLED_FILES } from '@shuttle/functions/line/share-image-files.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const handlersDir = join(repoRoot, 'functions/src/handlers');

/** Modules of infra/lib/stand-ins that replace packages in the bundles (see `BUNDLING.alias`). */
const standIns = (files: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(files).map(([from, file]) => [from, join(repoRoot, 'infra/lib/stand-ins', file)]));

/**
 * How every function is bundled, shared by the stack (NodejsFunction, infra/lib/constructs/
 * lambda-function.ts) and `npm run build` (infra/bin/bundle-report.ts, which prints each bundle's
 * size): ESM for Node.js 22, minified, with the AWS SDK inside the bundle at the version the tests
 * ran (package-lock.json), not the one the Lambda runtime happens to ship.
 */
export const BUNDLING = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  minify: true,
  mainFields: ['module', 'main'],
  // Some dependencies are CommonJS and call require() on Node built-ins.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  /** Texts (the Japanese and Chinese notifications) as UTF-8, not `\uXXXX` escapes: 3 bytes a character, not 6. */
  charset: 'utf8',
  /**
   * No licence comments: the bundles run in Lambda and are not handed to anyone, and esbuild's
   * default for a bundle gathers them at the end of the file with no source mapping (openskill's
   * @stdlib modules brought 370 such lines). The licences stay in node_modules and package-lock.json.
   */
  legalComments: 'none',
  /**
   * Only Powertools for AWS Lambda is external: the functions load it from its official Lambda
   * layer, pinned to the version in package-lock.json (`POWERTOOLS_VERSION`,
   * constructs/lambda-function.ts; docs/DEPLOY.md, "Metrics"), so Logger, Metrics and Tracer
   * (with the X-Ray SDK) cost the bundles nothing. The AWS SDK stays inside, at the version the
   * tests ran.
   */
  external: ['@aws-lambda-powertools/*'] as string[],
  /**
   * Packages replaced in the bundles (esbuild `alias`). The SDK clients' default credential chain
   * (`@aws-sdk/credential-provider-node`: env, SSO, ini, process, web identity, ECS/EC2 metadata,
   * with the nested STS/SSO/sign-in clients, ~120 KB per bundle) becomes the environment-variable
   * provider alone (infra/lib/lambda-credentials.ts), which is how Lambda hands a function its
   * role's credentials. Tests and local runs are not bundled and keep the full chain;
   * infra/test/bundles.test.ts runs a bundled client to show the credentials still resolve.
   *
   * The stand-ins of infra/lib/stand-ins replace what the functions never run (docs/DEPLOY.md,
   * "Bundles"): the event-stream codec (loaded only by streaming operations) fails if ever
   * loaded; the SHA-256 drops its pure-JavaScript fallback; the endpoint-discovery cache and the
   * invoke store shed their packages' extras. infra/test/stand-ins.test.ts holds each against the
   * package it replaces; bundles.test.ts sends bundled clients' requests. The SDK clients the
   * functions call (DynamoDB, SES v2, Secrets Manager) are the official ones, as in the tests.
   */
  alias: {
    '@aws-sdk/credential-provider-node': join(repoRoot, 'infra/lib/lambda-credentials.ts'),
    ...standIns({
      '@smithy/core/event-streams': 'event-streams.ts',
      '@smithy/core/checksum': 'sha256.ts',
      'mnemonist/lru-cache': 'lru-cache.ts',
      '@aws/lambda-invoke-store': 'invoke-store.ts',
    }),
  } as Record<string, string>,
} as const;

/** The installed (package-lock.json) version of Powertools, whose layer the functions get. */
export const POWERTOOLS_VERSION: string = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules/@aws-lambda-powertools/metrics/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** The SSM public parameter holding the ARN of the official Powertools layer of that version, in the stack's region. */
export const powertoolsLayerParameter = (version: string = POWERTOOLS_VERSION): string =>
  `/aws/service/powertools/typescript/generic/all/${version}`;

/** `BUNDLING.alias`, `charset` and `legalComments` as NodejsFunction `esbuildArgs` (its bundling options lack them). */
export const esbuildArgs = (): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(BUNDLING.alias).map(([from, to]) => [`--alias:${from}`, to])),
  '--charset': BUNDLING.charset,
  '--legal-comments': BUNDLING.legalComments,
});

/** A file a function reads at run time: where `npm ci` installed it, and its path beside the bundle's index.mjs. */
export interface BundleFile {
  source: string;
  target: string;
}

/**
 * Files a function reads at run time, by handler, copied from node_modules beside its bundle: the
 * share card's WebAssembly and fonts for `member-share-api` (functions/src/line/share-image-files.ts;
 * docs/LINE.md, "Share card"). The others have none.
 */
const BUNDLED_FILES: Record<string, readonly BundledFile[]> = {
  'member-share-api': SHARE_IMAGE_BUNDLED_FILES,
};

/**
 * The files beside a function's bundle (`BUNDLED_FILES`), from the packages as installed,
 * resolved as the functions workspace resolves them. The stack copies them after bundling
 * (constructs/lambda-function.ts), the tests beside the shared build (tests/support/bundles.ts).
 */
export function bundledFiles(handler: string): BundleFile[] {
  const resolveFile = createRequire(join(repoRoot, 'functions/package.json')).resolve;
  return (BUNDLED_FILES[handler] ?? []).map((file) => ({ source: resolveFile(file.package), target: file.bundled }));
}

/** Goal per function (minified, before zip), docs/DEPLOY.md "Bundles". */
export const BUNDLE_BUDGET_BYTES = 500 * 1024;

/**
 * Functions still over the goal, each with the ceiling it must stay under until it meets the goal
 * (a ratchet: infra/test/bundles.test.ts fails if one grows past it or if it could leave this
 * list), each with its reason rather than the goal raised (docs/DEPLOY.md, "Bundles").
 *
 * Empty: the two APIs, once 566 KB (member) and 601 KB (admin), are split by route group
 * (functions/src/app/route-groups.ts) into functions that each carry only their own routes,
 * schemas and clients (SES only where a call sends e-mail), so every function is held to the goal.
 */
export const OVER_BUDGET_CEILINGS: Record<string, number> = {};
