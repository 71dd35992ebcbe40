import { resolve } from 'node:path';
import { buildAppIfStale } from '@shuttle/functions/local/app-build.ts';
import { type LocalStack, startLocalStack } from '@shuttle/functions/local/server.ts';
import type { TestProject } from 'vitest/node';
import { E2E_STACKS } from './e2e-stacks.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One local stack per e2e worker (`E2E_STACKS`): a worker's files use the one of its `VITEST_POOL_ID`. */
    baseUrls: string[];
    /** Each stack's clock minus the system's (0 unless `SHUTTLE_NOW` is set), for the pages' clocks. */
    clockOffsetsMs: number[];
  }
}

const _root = resolve(import.meta.dirname, '../..');

/**
 * The whole local product (in-memory DynamoDB Local, seeded) on a free port, once per e2e worker,
 * for the browser journeys; `SHUTTLE_NOW` moves its clock, and the journeys' pages follow it
 * (docs/TESTING.md).
 */
export default async function setup(project: TestProject) {
  buildAppIfStale('liff-app');
  buildAppIfStale('admin-app');
  const stacks: LocalStack[] = await Promise.all(
    Array.from({ length: E2E_STACKS }, () => startLocalStack({ seed: true, serveApps: true, quiet: true })),
  );
  project.provide(
    'baseUrls',
    stacks.map((stack) => stack.origin),
  );
  project.provide(
    'clockOffsetsMs',
    stacks.map((stack) => stack.clock.now().getTime() - Date.now()),
  );
  return () => Promise.all(stacks.map((stack) => stack.close())).then(() => undefined);
}
