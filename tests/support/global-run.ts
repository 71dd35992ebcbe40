import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run, shared by every worker and project, removed at its end (tests/support/bundles.ts). */
    runDir: string;
  }
}

/**
 * The run's own folder, inside node_modules (a bundle imported from there resolves the packages it
 * leaves external, as on Lambda from its layer), for what is built once per run and shared.
 */
export default function setup(project: TestProject) {
  const cache = resolve(import.meta.dirname, '../../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'shuttle-run-'));
  project.provide('runDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
