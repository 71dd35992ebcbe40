import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { App, Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaBundles } from '../../tests/support/bundles.ts';
import { lambdaEntries, writeSourceMaps } from '../bin/bundle-report.ts';
import { mapStackTrace } from '../bin/stack-trace.ts';
import { bundledFiles, repoRoot } from '../lib/bundling.ts';
import { SOURCE_MAP_KEY } from '../lib/constructs/source-maps.ts';
import { STAGE, synthStage } from './fixtures.ts';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };
type RawMap = { version: number; file?: string; sources: string[]; names: string[]; mappings: string };

/**
 * Source maps beside the deployment zips (docs/DEPLOY.md, "Bundles"; constructs/source-maps.ts).
 * One synth that bundles every function for real, through the stack's own esbuild runs (the other
 * infra tests skip esbuild; the tests that read bundles share one build, tests/support/bundles.ts,
 * which this synth's output must equal), read from its cloud assembly: the zips as uploaded, and
 * the maps' upload.
 */
describe('source maps', () => {
  let app: App;
  let main: Stack;
  let template: Template;
  let bucketId: string;
  /** Our functions (the ones with Powertools' service name), by the handler their map names. */
  let functions: { handler: string; key: string; assetDir: string }[];
  let mapsDir: string;

  const assetDir = (s3Key: string) => join(app.outdir, `asset.${s3Key.replace(/\.zip$/, '')}`);

  beforeAll(() => {
    ({ app, main, template } = synthStage(STAGE, undefined, { 'aws:cdk:bundling-stacks': ['**'] }));
    bucketId = main.getLogicalId(main.node.findChild('SourceMaps').node.defaultChild as never);
    const ours = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: Match.anyValue() } } },
    });
    functions = (Object.values(ours) as Resource[]).map((fn) => {
      const key = (fn.Properties.Environment as { Variables: Record<string, string> }).Variables[SOURCE_MAP_KEY]!;
      const s3Key = (fn.Properties.Code as { S3Key: string }).S3Key;
      return { handler: key?.split('/')[0] ?? '', key, assetDir: assetDir(s3Key) };
    });
    const [upload] = Object.values(
      template.findResources('Custom::CDKBucketDeployment', {
        Properties: { DestinationBucketName: { Ref: bucketId } },
      }),
    ) as Resource[];
    mapsDir = assetDir((upload!.Properties.SourceObjectKeys as string[])[0]!);
  }, 300_000);

  it('keeps them in a private, encrypted, TLS-only bucket with access logs, for a year', () => {
    const bucket = template.toJSON().Resources[bucketId] as Resource;
    expect(bucket.Type).toBe('AWS::S3::Bucket');
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(bucket.Properties.VersioningConfiguration).toBeUndefined();
    expect(bucket.Properties.LifecycleConfiguration).toEqual({
      Rules: expect.arrayContaining([expect.objectContaining({ ExpirationInDays: 365, Status: 'Enabled' })]),
    });
    expect(bucket.Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: main.getLogicalId(main.node.findChild('AccessLogs').node.defaultChild as never) },
      LogFilePrefix: 's3-source-maps/',
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    template.hasOutput('SourceMapsBucketName', { Value: { Ref: bucketId } });
  });

  it('uploads them with a BucketDeployment that keeps the maps of earlier deploys', () => {
    const uploads = template.findResources('Custom::CDKBucketDeployment', {
      Properties: { DestinationBucketName: { Ref: bucketId } },
    });
    expect(Object.keys(uploads)).toHaveLength(1);
    const [upload] = Object.values(uploads) as Resource[];
    expect(upload!.Properties.Prune).toBe(false);
    expect(upload!.Properties.SourceObjectKeys).toHaveLength(1);
  });

  /** Every file of a function's zip, as paths relative to it. */
  const zipFiles = (assetDir: string) =>
    readdirSync(assetDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(assetDir, join(e.parentPath, e.name)).split(sep).join('/'))
      .sort();

  it('puts no map in any function’s zip, and the code names none: its code and the files it reads, nothing else', () => {
    expect(functions.length).toBe(lambdaEntries().length);
    for (const { handler, assetDir } of functions) {
      expect(zipFiles(assetDir), handler).toEqual(['index.mjs', ...bundledFiles(handler).map((f) => f.target)].sort());
      expect(readFileSync(join(assetDir, 'index.mjs'), 'utf8'), handler).not.toContain('sourceMappingURL');
    }
  });

  it('ships member-share-api with resvg’s WebAssembly and the four font files beside its code, as installed', () => {
    const { assetDir } = functions.find((f) => f.handler === 'member-share-api')!;
    const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    const files = bundledFiles('member-share-api');
    expect(files.map((f) => f.target).sort()).toEqual([
      'share-image/NotoSansJP-Bold.ttf',
      'share-image/NotoSansJP-Regular.ttf',
      'share-image/NotoSansTC-Bold.ttf',
      'share-image/NotoSansTC-Regular.ttf',
      'share-image/resvg.wasm',
    ]);
    for (const { source, target } of files) expect(sha(join(assetDir, target)), target).toBe(sha(source));
    // WebAssembly's magic number, and TrueType's version tag.
    expect([...readFileSync(join(assetDir, 'share-image/resvg.wasm')).subarray(0, 4)]).toEqual([0, 0x61, 0x73, 0x6d]);
    expect(readFileSync(join(assetDir, 'share-image/NotoSansTC-Regular.ttf')).readUInt32BE(0)).toBe(0x00010000);
    // Far below Lambda's 250 MB for a function's unzipped code.
    const unzipped = zipFiles(assetDir).reduce((sum, f) => sum + readFileSync(join(assetDir, f)).length, 0);
    expect(unzipped).toBeLessThan(50 * 1024 * 1024);
  });

  it('uploads one map per function, keyed by the SHA-256 of the code it maps, which it matches', () => {
    expect(functions.map((f) => f.handler).sort()).toEqual(lambdaEntries().sort());
    const uploaded = readdirSync(mapsDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(mapsDir, join(e.parentPath, e.name)).split(sep).join('/'));
    expect(uploaded.sort()).toEqual(functions.map((f) => f.key).sort());
    for (const { handler, key, assetDir } of functions) {
      const code = readFileSync(join(assetDir, 'index.mjs'));
      expect(key).toBe(`${handler}/${createHash('sha256').update(code).digest('hex')}.mjs.map`);
      const map = JSON.parse(readFileSync(join(mapsDir, key), 'utf8')) as RawMap & { sourcesContent?: unknown };
      expect(map.version).toBe(3);
      expect(map.file).toBe('index.mjs');
      expect(map.sourcesContent).toBeUndefined();
      // One group of mappings per line of the code (the last line is empty), sources as paths in the repository.
      expect(map.mappings.split(';'), handler).toHaveLength(
        code.toString('utf8').replace(/\n$/, '').split('\n').length,
      );
      expect(map.sources).toContain(`functions/src/handlers/${handler}.ts`);
      // Every source is a file of the repository, or (a package that ships its own map to sources it
      // does not ship, as sort-unwind does) a path inside an installed package.
      for (const source of map.sources) {
        const packageDir = /^node_modules\/(@[^/]+\/)?[^/]+/.exec(source)?.[0];
        const found =
          existsSync(join(repoRoot, source)) || (packageDir !== undefined && existsSync(join(repoRoot, packageDir)));
        expect(found, source).toBe(true);
      }
    }
  });

  it('ships, for every function, the code and map of the bundle report’s esbuild options (npm run build -w infra), which the shared build gives', async () => {
    const shared = await lambdaBundles();
    const dir = mkdtempSync(join(tmpdir(), 'shuttle-maps-'));
    try {
      const handlers = functions.map((f) => f.handler);
      const written = await writeSourceMaps(dir, handlers, Object.values(shared));
      for (const [i, { handler, assetDir, key }] of functions.entries()) {
        expect(shared[handler]!.code.equals(readFileSync(join(assetDir, 'index.mjs'))), handler).toBe(true);
        expect(readFileSync(written[i]!).equals(readFileSync(join(mapsDir, key))), handler).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('maps a production stack trace back to the repository’s sources (infra/bin/stack-trace.ts)', () => {
    const { assetDir, key } = functions.find((f) => f.handler === 'reminders')!;
    const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    const map = JSON.parse(readFileSync(join(mapsDir, key), 'utf8')) as RawMap;
    // A query string of the reminder job (the session repository has it too): wherever the
    // minified code has it, the trace must point at a source line that has it.
    const literal = 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to';
    const frames: string[] = [];
    for (let at = code.indexOf(`"${literal}"`); at >= 0; at = code.indexOf(`"${literal}"`, at + 1)) {
      const before = code.slice(0, at).split('\n');
      frames.push(`    at Ns (file:///var/task/index.mjs:${before.length}:${before.at(-1)!.length + 1})`);
    }
    expect(frames.length).toBeGreaterThan(0);
    const trace = [
      'Error: Requested resource not found',
      ...frames,
      '    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)',
    ];
    const mapped = mapStackTrace(trace.join('\n'), map).split('\n');
    expect(mapped[0]).toBe(trace[0]);
    expect(mapped.at(-1)).toBe(trace.at(-1));
    const origins = mapped.slice(1, -1).map((line) => {
      const [, source, row, column] = line.match(/^ {4}at Ns \((.+):(\d+):(\d+)\)$/)!;
      const text = readFileSync(join(repoRoot, source!), 'utf8').split('\n')[Number(row) - 1]!;
      expect(text.indexOf(`'${literal}'`), line).toBe(Number(column) - 1);
      return source;
    });
    expect(origins).toContain('functions/src/notifications/reminders.ts');
  });
});
