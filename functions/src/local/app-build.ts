import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds an app (`liff-app`, `admin-app`) when its sources or the shared package changed since
 * its last build; used by `npm start`, the browser journeys and `npm run lighthouse`.
 */
export function buildAppIfStale(workspace: 'liff-app' | 'admin-app'): void {
  const dir = join(root, workspace);
  const built = join(dir, 'dist/index.html');
  const sources = Math.max(newestMtime(dir), newestMtime(join(root, 'shared/src')));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log(`Building ${workspace}…`);
  // Under vitest NODE_ENV is `test`, which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`Building ${workspace} failed`);
}
