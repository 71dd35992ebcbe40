import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type LocalStack, startLocalStack } from '@shuttle/functions/local/server.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

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

/** Builds an app (liff-app, admin-app) when its sources or the shared package changed since the last build. */
function buildAppIfStale(workspace: 'liff-app' | 'admin-app'): void {
  const built = join(root, workspace, 'dist/index.html');
  const sources = Math.max(newestMtime(join(root, workspace)), newestMtime(join(root, 'shared/src')));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`Building ${workspace} failed`);
}

/** The whole local product (in-memory DynamoDB Local, seeded) on a free port, for the browser journeys. */
export default async function setup(project: TestProject) {
  buildAppIfStale('liff-app');
  buildAppIfStale('admin-app');
  const stack: LocalStack = await startLocalStack({ seed: true, serveApps: true, quiet: true });
  project.provide('baseUrl', stack.origin);
  return () => stack.close();
}
