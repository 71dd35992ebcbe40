import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, watch, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Bundle, type BundleSize, buildBundles } from '../../infra/bin/bundle-report.ts';
import { bundledFiles } from '../../infra/lib/bundling.ts';
import { runDir } from './scratch.ts';

/** A Lambda bundle as the tests share it: its size and inputs, its code and map, and the file of its code. */
export interface SharedBundle extends BundleSize {
  /** Every module the entry point imports, directly or not (`Bundle.modules`). */
  modules: string[];
  code: Buffer;
  /** The external source map as the stack stores it (`sources` as repository paths). */
  map: string;
  /** `<handler>.mjs` in the run's folder, to import as Lambda would. */
  file: string;
}

/** Every deployed function's bundle, by handler. */
export type SharedBundles = Record<string, SharedBundle>;

let loaded: Promise<SharedBundles> | undefined;

/**
 * Every Lambda bundle, built once per run (docs/TESTING.md, "Bundles") and shared by the files
 * that read bundles, in any worker or project: the first to ask builds them all in one esbuild
 * run with the stack's options (`buildBundles`, infra/bin/bundle-report.ts) into the run's folder
 * (tests/support/global-run.ts), each with the files the stack puts beside it (`bundledFiles`);
 * the others read them from there, waiting for that build if it is under way.
 */
export function lambdaBundles(): Promise<SharedBundles> {
  loaded ??= shared(join(runDir(), 'bundles'));
  return loaded;
}

async function shared(dir: string): Promise<SharedBundles> {
  mkdirSync(dir, { recursive: true });
  const index = join(dir, 'index.json');
  const failed = join(dir, 'failed.txt');
  let building = false;
  try {
    mkdirSync(join(dir, 'lock'));
    building = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (building) {
    try {
      const built = await buildBundles();
      for (const b of built) {
        writeFileSync(join(dir, `${b.handler}.mjs`), b.code);
        writeFileSync(join(dir, `${b.handler}.mjs.map`), b.map);
        // The files the stack copies beside this function's bundle (the share card's WebAssembly and fonts).
        for (const { source, target } of bundledFiles(b.handler)) {
          mkdirSync(dirname(join(dir, target)), { recursive: true });
          copyFileSync(source, join(dir, target));
        }
      }
      const sizes = built.map(({ code: _code, map: _map, ...size }) => size);
      // Written whole, then renamed: the index appears only once every bundle is there.
      writeFileSync(`${index}.part`, JSON.stringify(sizes));
      renameSync(`${index}.part`, index);
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
  } else {
    await appears([index, failed], dir);
    if (existsSync(failed)) throw new Error(`Building the Lambda bundles failed:\n${readFileSync(failed, 'utf8')}`);
  }
  const sizes = JSON.parse(readFileSync(index, 'utf8')) as Omit<Bundle, 'code' | 'map'>[];
  return Object.fromEntries(
    sizes.map((size) => {
      const file = join(dir, `${size.handler}.mjs`);
      return [size.handler, { ...size, file, code: readFileSync(file), map: readFileSync(`${file}.map`, 'utf8') }];
    }),
  );
}

/** Resolves once one of `files` exists in `dir` (the build under way in another file), at most five minutes on. */
function appears(files: string[], dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const there = () => files.some((f) => existsSync(f));
    const watcher = watch(dir, () => {
      if (there()) done();
    });
    const timer = setTimeout(() => done(new Error(`No Lambda bundles in ${dir} after five minutes`)), 300_000);
    function done(error?: Error) {
      watcher.close();
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    }
    if (there()) done();
  });
}
