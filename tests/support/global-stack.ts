import { resolve } from 'node:path';
import { buildAppIfStale } from '@shuttle/functions/local/app-build.ts';
import { type LocalStack, startLocalStack } from '@shuttle/functions/local/server.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const _root = resolve(import.meta.dirname, '../..');

/** The whole local product (in-memory DynamoDB Local, seeded) on a free port, for the browser journeys. */
export default async function setup(project: TestProject) {
  buildAppIfStale('liff-app');
  buildAppIfStale('admin-app');
  const stack: LocalStack = await startLocalStack({ seed: true, serveApps: true, quiet: true });
  project.provide('baseUrl', stack.origin);
  return () => stack.close();
}
