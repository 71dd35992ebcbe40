/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstScreen {
  /** The app's name as printed, e.g. 'Member app'. */
  app: string;
  /** The workspace, for the hint when the build is missing. */
  workspace: string;
  /** The build output folder. */
  dist: string;
  /** The path the app is served under ('/' or '/admin/'), as it prefixes the scripts in index.html. */
  base: string;
  /** The route module the home screen loads lazily, e.g. 'src/app/routes/home.tsx'. */
  homeRoute: string;
  /**
   * The manifest keys of the zh-TW texts the first screen loads: the app's namespace and
   * `errors`, or the first screen's own part of them (liff-app/src/app/first-screen-texts.ts).
   */
  texts: RegExp;
  /** Fail the build when the initial route is larger; without it the figures are for information. */
  budgetBytes?: number;
  /**
   * Fail the build when the first screen, every chunk statically reachable from the entry, the
   * home route and the zh-TW texts, is larger, or when one of those chunks is not announced by
   * index.html (a `modulepreload`): it would arrive one round trip late.
   */
  firstScreenBudgetBytes?: number;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The entry script and every `modulepreload` of index.html: what the browser fetches before the app renders. */
export function initialRouteFiles(html: string, base = '/'): string[] {
  const prefix = escapeRegExp(base);
  const files = new Set<string>();
  for (const match of html.matchAll(new RegExp(`<script[^>]+type="module"[^>]+src="${prefix}([^"]+\\.js)"`, 'g'))) {
    files.add(match[1]!);
  }
  for (const match of html.matchAll(
    new RegExp(`<link[^>]+rel="modulepreload"[^>]+href="${prefix}([^"]+\\.js)"`, 'g'),
  )) {
    files.add(match[1]!);
  }
  return [...files];
}

function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into);
  return into;
}

/**
 * Prints the gzipped JavaScript of an app's first screen from its production build: the
 * initial route, and that plus the chunks the home route and the zh-TW texts load lazily
 * right after (printed so the figure is never mistaken for the whole download). Exits 1 when
 * the initial route is over the budget, 2 when there is no build.
 */
export function reportFirstScreen(options: FirstScreen): void {
  const { dist } = options;
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const htmlPath = join(dist, 'index.html');
  if (!existsSync(htmlPath)) {
    console.error(
      `${options.workspace}/dist/index.html is missing: run \`npm run build -w ${options.workspace}\` first.`,
    );
    process.exit(2);
  }
  const initial = initialRouteFiles(readFileSync(htmlPath, 'utf8'), options.base);
  const initialBytes = initial.reduce((sum, file) => sum + gz(file), 0);

  const manifestPath = join(dist, '.vite/manifest.json');
  let firstScreen = new Set(initial);
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const lazy = Object.keys(manifest).filter((key) => key.endsWith(options.homeRoute) || options.texts.test(key));
    // Every static import counts, the entry's and the preloaded chunks' too, not only the announced files.
    const announced = Object.keys(manifest).filter((key) => initial.includes(manifest[key]!.file));
    firstScreen = new Set([...initial, ...[...announced, ...lazy].flatMap((key) => [...closure(manifest, key)])]);
  }
  const late = [...firstScreen].filter((file) => !initial.includes(file));
  const firstScreenBytes = [...firstScreen].reduce((sum, file) => sum + gz(file), 0);
  const budget = options.budgetBytes === undefined ? '' : ` of ${kb(options.budgetBytes)} budget`;
  const home = options.homeRoute
    .split('/')
    .at(-1)!
    .replace(/\.tsx?$/, '');

  console.log(`\n${options.app} JavaScript (gzip -9):`);
  for (const file of initial) console.log(`  ${file.padEnd(44)} ${kb(gz(file))}`);
  console.log(`  initial route (entry + modulepreload): ${kb(initialBytes)}${budget}`);
  const firstBudget =
    options.firstScreenBudgetBytes === undefined ? '' : ` of ${kb(options.firstScreenBudgetBytes)} budget`;
  console.log(
    `  first screen, every static import of the entry, the ${home} route and zh-TW texts: ${kb(firstScreenBytes)}${firstBudget}`,
  );
  for (const file of late) console.log(`  not preloaded (one round trip late): ${file} ${kb(gz(file))}`);
  console.log('');
  if (options.budgetBytes !== undefined && initialBytes > options.budgetBytes) {
    console.error(`The initial route is ${kb(initialBytes - options.budgetBytes)} over budget.`);
    process.exit(1);
  }
  if (options.firstScreenBudgetBytes !== undefined) {
    if (firstScreenBytes > options.firstScreenBudgetBytes) {
      console.error(`The first screen is ${kb(firstScreenBytes - options.firstScreenBudgetBytes)} over budget.`);
      process.exit(1);
    }
    if (late.length > 0) {
      console.error(`The first screen loads ${late.length} chunk(s) index.html does not preload: ${late.join(', ')}.`);
      process.exit(1);
    }
  }
}
