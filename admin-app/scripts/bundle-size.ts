import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped JavaScript of the admin app's first screen, from the production build. Printed for
 * information only: the admin app runs on desktops after a login, so there is no hard budget.
 *
 * - initial route: the entry script and every `modulepreload` of dist/index.html.
 * - first screen: that plus the lazy chunks of the board (the home route) and the zh-TW texts.
 */
const dist = resolve(import.meta.dirname, '../dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function initialRouteFiles(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="\/admin\/([^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/admin\/([^"]+\.js)"/g)) {
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

function main() {
  const htmlPath = join(dist, 'index.html');
  if (!existsSync(htmlPath)) {
    console.error('admin-app/dist/index.html is missing: run `npm run build -w admin-app` first.');
    process.exit(2);
  }
  const initial = initialRouteFiles(readFileSync(htmlPath, 'utf8'));
  const initialBytes = initial.reduce((sum, file) => sum + gz(file), 0);

  const manifestPath = join(dist, '.vite/manifest.json');
  let firstScreen = new Set(initial);
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const lazy = Object.keys(manifest).filter(
      (key) => key.endsWith('src/app/routes/board.tsx') || /locales\/zh-TW\/(admin|errors)\.json$/.test(key),
    );
    firstScreen = new Set([...initial, ...lazy.flatMap((key) => [...closure(manifest, key)])]);
  }
  const firstScreenBytes = [...firstScreen].reduce((sum, file) => sum + gz(file), 0);

  console.log('\nAdmin app JavaScript (gzip -9):');
  for (const file of initial) console.log(`  ${file.padEnd(44)} ${kb(gz(file))}`);
  console.log(`  initial route (entry + modulepreload): ${kb(initialBytes)}`);
  console.log(`  first screen incl. lazy board route and zh-TW texts: ${kb(firstScreenBytes)}\n`);
}

main();
