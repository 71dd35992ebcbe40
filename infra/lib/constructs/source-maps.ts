import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { type AssetStaging, CfnOutput, Duration, RemovalPolicy, Stack, Stage, Validations } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type BundlingOptions, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { repoRoot } from '../bundling.ts';

/**
 * Source maps beside the deployment, never inside the zip (docs/DEPLOY.md, "Bundles"): each
 * function's esbuild run writes an external map (no `sourceMappingURL` comment, so the code in the
 * zip is byte for byte the code without a map), which `afterBundling` moves out of the output folder
 * before CDK hashes and zips it. The map is then stored as `<handler>/<sha256 of index.mjs>.mjs.map`
 * in a folder of the cloud assembly, which one BucketDeployment uploads to the stack's `SourceMaps`
 * bucket; each function's `SOURCE_MAP_KEY` names its map's key.
 */

/** The environment variable naming a function's map in the `SourceMaps` bucket. */
export const SOURCE_MAP_KEY = 'SOURCE_MAP_KEY';
/** Maps stay a year: a stack trace logged before a deploy still decodes (the logs keep a month). */
const SOURCE_MAP_RETENTION_DAYS = 365;

const prepared = new WeakSet<Stack>();

/** The stack's maps folder in the cloud assembly (`cdk.out/source-maps/<stack>`), emptied once per synth. */
function sourceMapsDir(scope: Construct): string {
  const stack = Stack.of(scope);
  const dir = join(Stage.of(stack)!.assetOutdir, 'source-maps', stack.artifactId);
  if (!prepared.has(stack)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    prepared.add(stack);
  }
  return dir;
}

/** The key of a function's map: its handler, then the SHA-256 (hex) of the deployed `index.mjs`. */
const sourceMapKey = (handler: string, code: Buffer | string): string =>
  `${handler}/${createHash('sha256').update(code).digest('hex')}.mjs.map`;

/**
 * esbuild's map of `<outputDir>/index.mjs` as stored: `file` set, `sources` as paths in the
 * repository (`functions/src/…`, `node_modules/…`), whatever folder the bundle was built in.
 */
export function repoSourceMap(esbuildMap: string, outputDir: string): string {
  const map = JSON.parse(esbuildMap) as { sources: string[]; names: string[]; mappings: string };
  const sources = map.sources.map((s) => relative(repoRoot, resolve(outputDir, s)).split(sep).join('/'));
  return JSON.stringify({ version: 3, file: 'index.mjs', sources, names: map.names, mappings: map.mappings });
}

/**
 * The source-map part of a function's bundling options, and `collect`, to call once the function
 * exists (its bundle is then built): it stores the map under its key, with `sources` relative to
 * the repository and `file` set, and sets `SOURCE_MAP_KEY`. When the stack is not bundled (a synth
 * of another stack, or tests skipping esbuild) there is no map and nothing is set.
 */
export function sourceMapBundling(
  scope: Construct,
  handler: string,
): {
  bundling: Pick<BundlingOptions, 'sourceMap' | 'sourceMapMode' | 'sourcesContent' | 'commandHooks'>;
  collect: (fn: NodejsFunction) => void;
} {
  const dir = sourceMapsDir(scope);
  const moved = join(dir, handler, 'index.mjs.map');
  let outputDir: string | undefined;
  return {
    bundling: {
      sourceMap: true,
      sourceMapMode: SourceMapMode.EXTERNAL,
      // Sources are the repository at the deployed commit; without them a map is a third of the size.
      sourcesContent: false,
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (_inputDir: string, out: string) => {
          outputDir = out;
          return [`mkdir -p "${join(dir, handler)}"`, `mv "${join(out, 'index.mjs.map')}" "${moved}"`];
        },
      },
    },
    collect: (fn) => {
      if (!outputDir || !existsSync(moved)) return;
      const staging = fn.node.findChild('Code').node.findChild('Stage') as AssetStaging;
      const code = readFileSync(join(staging.absoluteStagedPath, 'index.mjs'));
      const key = sourceMapKey(handler, code);
      writeFileSync(join(dir, key), repoSourceMap(readFileSync(moved, 'utf8'), outputDir));
      rmSync(moved);
      fn.addEnvironment(SOURCE_MAP_KEY, key);
    },
  };
}

export interface SourceMapsProps {
  /** Server access logs go here, like the other buckets'. */
  logBucket: Bucket;
}

/**
 * The `SourceMaps` bucket (private, SSE-S3, TLS only, unversioned: a key names one build, so an
 * object is never overwritten with other content; maps expire after a year; retained with the
 * stack's other buckets) and the upload of the maps of every function bundled so far: create it
 * after all functions. Outputs `SourceMapsBucketName`.
 */
export class SourceMaps {
  readonly bucket: Bucket;
  readonly deployment: BucketDeployment;

  constructor(stack: Stack, props: SourceMapsProps) {
    this.bucket = new Bucket(stack, 'SourceMaps', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: false,
      lifecycleRules: [
        { expiration: Duration.days(SOURCE_MAP_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3-source-maps/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.deployment = new BucketDeployment(stack, 'SourceMapsUpload', {
      destinationBucket: this.bucket,
      sources: [Source.asset(sourceMapsDir(stack))],
      // Maps of earlier deploys stay (their stack traces are still in the logs) until they expire.
      prune: false,
      // The same handler as the app uploads (constructs/web.ts): one CDK deployment function.
      memoryLimit: 512,
    });
    const bucketArn = `<${stack.getLogicalId(this.bucket.node.defaultChild as never)}.Arn>`;
    for (const handler of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      Validations.of(handler).acknowledge({
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
        reason:
          "CDK's BucketDeployment writes the functions' source maps, any key of the upload, into the SourceMaps bucket.",
      });
    }
    new CfnOutput(stack, 'SourceMapsBucketName', {
      value: this.bucket.bucketName,
      description: `Source maps of the functions: <handler>/<sha256 of index.mjs>.mjs.map (the function's ${SOURCE_MAP_KEY})`,
    });
  }
}
