import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';
import {
  BUNDLE_BUDGET_BYTES,
  BUNDLING,
  bundledFiles,
  handlersDir,
  OVER_BUDGET_CEILINGS,
  repoRoot,
} from '../lib/bundling.ts';
import { repoSourceMap } from '../lib/constructs/source-maps.ts';

/**
 * `npm run build` (infra workspace): bundles every Lambda entry point exactly as the stack does
 * (infra/lib/bundling.ts) and prints its minified size, the AWS SDK included, against the
 * 500 KB goal (docs/DEPLOY.md, "Bundles"). Writes nothing. `--why` adds each bundle's largest
 * contributors (esbuild's metafile, grouped by package or source folder); `--why <function>` prints
 * that one bundle in full: bytes per package or folder, then per module.
 */
export interface BundleSize {
  handler: string;
  bytes: number;
  /** The source files and packages with code in the bundle (esbuild's metafile, after tree-shaking). */
  inputs: string[];
  /** Bytes in the bundle per input file. */
  bytesByInput: Record<string, number>;
}

/** Lambda entry points: the files of functions/src/handlers that export `handler`. */
export const lambdaEntries = (): string[] =>
  readdirSync(handlersDir)
    .filter((f) => f.endsWith('.ts'))
    .filter((f) => /export const handler\b/.test(readFileSync(join(handlersDir, f), 'utf8')))
    .map((f) => f.replace(/\.ts$/, ''));

/** esbuild options of a Lambda bundle (infra/lib/bundling.ts), for an entry given by `entry`. */
export const bundleOptions = (entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>): BuildOptions => ({
  ...entry,
  bundle: true,
  outfile: 'index.mjs',
  format: BUNDLING.format,
  platform: BUNDLING.platform,
  target: BUNDLING.target,
  minify: BUNDLING.minify,
  charset: BUNDLING.charset,
  legalComments: BUNDLING.legalComments,
  mainFields: [...BUNDLING.mainFields],
  banner: { js: BUNDLING.banner },
  external: [...BUNDLING.external],
  alias: { ...BUNDLING.alias },
  logLevel: 'silent',
});

/** A function's bundle as `buildBundles` builds it: its size and inputs, its code and its source map as stored. */
export interface Bundle extends BundleSize {
  /** Every module the entry point imports, directly or not, whether or not code of it is left after tree-shaking. */
  modules: string[];
  code: Uint8Array;
  /** The external map, `sources` as paths in the repository (`repoSourceMap`), as the stack uploads it. */
  map: string;
}

/**
 * Builds the functions' bundles in one esbuild run: every entry point with `bundleOptions` and no
 * code splitting, so each bundle is byte for byte what a run of its own builds (the stack's, which
 * infra/test/source-maps.test.ts compares), while the modules they share are read once. The map is
 * external (no `sourceMappingURL` comment, so the code is the same as without one). Writes nothing.
 */
export async function buildBundles(handlers: string[] = lambdaEntries()): Promise<Bundle[]> {
  const { outfile: _one, ...options } = bundleOptions({
    entryPoints: Object.fromEntries(handlers.map((h) => [h, join(handlersDir, `${h}.ts`)])),
  });
  // Only names the outputs (and the maps' relative sources): nothing is written there.
  const outdir = join(repoRoot, 'infra', '.bundles');
  const result = await build({
    ...options,
    outdir,
    outExtension: { '.js': '.mjs' },
    write: false,
    metafile: true,
    sourcemap: 'external',
    sourcesContent: false,
  });
  return handlers.map((handler) => {
    const file = (suffix: string) => result.outputFiles.find((f) => f.path === join(outdir, `${handler}${suffix}`))!;
    const [, meta] = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith(`/${handler}.mjs`))!;
    // The modules one run of its own would read: the metafile's import graph walked from the entry.
    const modules = new Set([meta.entryPoint!]);
    for (const path of modules) {
      for (const { path: next, external } of result.metafile.inputs[path]?.imports ?? []) {
        if (!external && next in result.metafile.inputs) modules.add(next);
      }
    }
    const bytesByInput = Object.fromEntries(
      Object.entries(meta.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path, input]) => [path, input.bytesInOutput]),
    );
    const code = file('.mjs').contents;
    return {
      handler,
      bytes: code.length,
      inputs: Object.keys(bytesByInput),
      bytesByInput,
      modules: [...modules],
      code,
      map: repoSourceMap(file('.mjs.map').text, outdir),
    };
  });
}

export async function bundleSizes(handlers: string[] = lambdaEntries()): Promise<BundleSize[]> {
  return (await buildBundles(handlers)).map(({ handler, bytes, inputs, bytesByInput }) => ({
    handler,
    bytes,
    inputs,
    bytesByInput,
  }));
}

/** The limit a function's bundle must stay under: the goal, or its ceiling while still over it. */
export const bundleLimit = (handler: string): number => OVER_BUDGET_CEILINGS[handler] ?? BUNDLE_BUDGET_BYTES;

/** Bytes per package (`zod`, `@aws-sdk/core`, …), locale file or source folder, largest first. */
export function contributors(bundle: BundleSize): [string, number][] {
  const groups = new Map<string, number>();
  for (const [path, bytes] of Object.entries(bundle.bytesByInput)) {
    const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)/);
    const key = pkg
      ? pkg[1] === 'zod' && pkg[2]!.startsWith('v4/locales/')
        ? 'zod (locales)'
        : pkg[1]!
      : path.includes('/i18n/locales/')
        ? `i18n ${path.split('/').pop()}`
        : path
            .replace(/^(\.\.\/)+/, '')
            .split('/')
            .slice(0, 3)
            .join('/');
    groups.set(key, (groups.get(key) ?? 0) + bytes);
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

/** The input's path from the repository root (`node_modules/…` for packages). */
const shortPath = (path: string): string =>
  path.replace(/^(\.\.\/)+/, '').replace(/^.*?node_modules\//, 'node_modules/');

/** One bundle in full (`--why <function>`): every package or folder, then every module, largest first. */
export function whyLines(bundle: BundleSize, kb: (bytes: number) => string): string[] {
  const modules = Object.entries(bundle.bytesByInput).sort((a, b) => b[1] - a[1]);
  return [
    `${bundle.handler}: ${kb(bundle.bytes)} (${bundle.bytes} bytes), ${modules.length} modules`,
    '  by package or folder:',
    ...contributors(bundle).map(([name, b]) => `    ${String(b).padStart(7)}  ${name}`),
    '  by module:',
    ...modules.map(([path, b]) => `    ${String(b).padStart(7)}  ${shortPath(path)}`),
  ];
}

/**
 * `--maps DIR`: each function's source map (external, without sources), written as
 * DIR/<function>.mjs.map (from `built` when the bundles are already built): the map the stack uploads to its `SourceMaps` bucket, never inside the
 * zip (constructs/source-maps.ts; docs/DEPLOY.md, "Bundles").
 */
export async function writeSourceMaps(
  dir: string,
  handlers: string[] = lambdaEntries(),
  built?: Bundle[],
): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const bundles = built ?? (await buildBundles(handlers));
  return handlers.map((handler) => {
    const file = join(dir, `${handler}.mjs.map`);
    writeFileSync(file, bundles.find((b) => b.handler === handler)!.map);
    return file;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const mapsAt = process.argv.indexOf('--maps');
  if (mapsAt >= 0) {
    const dir = process.argv[mapsAt + 1];
    if (!dir) {
      console.error('--maps needs a folder');
      process.exit(1);
    }
    for (const file of await writeSourceMaps(dir)) console.log(`wrote ${file}`);
    process.exit(0);
  }
  const whyAt = process.argv.indexOf('--why');
  const why = whyAt >= 0;
  const whyOne = why ? process.argv[whyAt + 1] : undefined;
  if (whyOne && !lambdaEntries().includes(whyOne)) {
    console.error(`No function ${whyOne}; one of: ${lambdaEntries().join(', ')}`);
    process.exit(1);
  }
  if (whyOne) {
    const [bundle] = await bundleSizes([whyOne]);
    for (const line of whyLines(bundle!, kb)) console.log(line);
    process.exit(0);
  }
  const sizes = (await bundleSizes()).sort((a, b) => a.handler.localeCompare(b.handler));
  console.log(`Lambda bundles (minified, AWS SDK included; goal < ${kb(BUNDLE_BUDGET_BYTES)} each):`);
  for (const bundle of sizes) {
    const { handler, bytes } = bundle;
    const mark = bytes <= BUNDLE_BUDGET_BYTES ? 'ok  ' : 'over';
    const ceiling = OVER_BUDGET_CEILINGS[handler] ? `  (ceiling ${kb(OVER_BUDGET_CEILINGS[handler])})` : '';
    console.log(`  ${mark} ${handler.padEnd(16)} ${kb(bytes).padStart(8)}${ceiling}`);
    // Files beside the bundle (not held to the goal): unzipped, and compressed about as the zip does.
    for (const { source, target } of bundledFiles(handler)) {
      const zipped = gzipSync(readFileSync(source), { level: 9 }).length;
      console.log(`       + ${target} ${kb(statSync(source).size)} (${kb(zipped)} compressed)`);
    }
    if (why) {
      for (const [name, b] of contributors(bundle).slice(0, 12)) console.log(`         ${kb(b).padStart(8)}  ${name}`);
    }
  }
}
