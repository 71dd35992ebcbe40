import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped JavaScript of the member app's first screen, from the production build.
 *
 * - initial route: the entry script and every `modulepreload` of dist/index.html, i.e. what
 *   the browser fetches before the app renders. The build fails above the 150 KB budget.
 * - first screen: that plus the chunks the home route and the default language load lazily
 *   right after, printed so the figure is never mistaken for the whole download.
 */
export const BUDGET_BYTES = 150 * 1000;

const dist = resolve(import.meta.dirname, '../dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function initialRouteFiles(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)) files.add(match[1]!);
  return [...files];
}

function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into);
  return into;
}

function main() {
  const htmlPath = join(dist, 'index.html');
  if (!existsSync(htmlPath)) {
    console.error('liff-app/dist/index.html is missing: run `npm run build -w liff-app` first.');
    process.exit(2);
  }
  const initial = initialRouteFiles(readFileSync(htmlPath, 'utf8'));
  const initialBytes = initial.reduce((sum, file) => sum + gz(file), 0);

  const manifestPath = join(dist, '.vite/manifest.json');
  let firstScreen = new Set(initial);
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const lazy = Object.keys(manifest).filter(
      (key) => key.endsWith('src/app/routes/home.tsx') || /locales\/zh-TW\/(member|errors)\.json$/.test(key),
    );
    firstScreen = new Set([...initial, ...lazy.flatMap((key) => [...closure(manifest, key)])]);
  }
  const firstScreenBytes = [...firstScreen].reduce((sum, file) => sum + gz(file), 0);

  console.log('\nMember app JavaScript (gzip -9):');
  for (const file of initial) console.log(`  ${file.padEnd(44)} ${kb(gz(file))}`);
  console.log(`  initial route (entry + modulepreload): ${kb(initialBytes)} of ${kb(BUDGET_BYTES)} budget`);
  console.log(`  first screen incl. lazy home route and zh-TW texts: ${kb(firstScreenBytes)}\n`);
  if (initialBytes > BUDGET_BYTES) {
    console.error(`The initial route is ${kb(initialBytes - BUDGET_BYTES)} over budget.`);
    process.exit(1);
  }
}

main();
