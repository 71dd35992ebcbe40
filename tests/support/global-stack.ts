import { resolve } from 'node:path';
import { buildAppIfStale } from '@shuttle/functions/local/app-build.ts';
import { type LocalStack, startLocalStack } from '@shuttle/functions/local/server.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The stack's clock minus the system's (0 unless `SHUTTLE_NOW` is set), for the pages' clocks. */
    clockOffsetMs: number;
  }
}

const _root = resolve(import.meta.dirname, '../..');

/**
 * The whole local product (in-memory DynamoDB Local, seeded) on a free port, for the browser
 * journeys; `SHUTTLE_NOW` moves its clock, and the journeys' pages follow it (docs/TESTING.md).
 */
export default async function setup(project: TestProject) {
  buildAppIfStale('liff-app');
  buildAppIfStale('admin-app');
  const stack: LocalStack = await startLocalStack({ seed: true, serveApps: true, quiet: true });
  project.provide('baseUrl', stack.origin);
  project.provide('clockOffsetMs', stack.clock.now().getTime() - Date.now());
  return () => stack.close();
}
