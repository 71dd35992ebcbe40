import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder (tests/support/global-run.ts). */
    runDir: string;
  }
}

/** The run's folder, removed at the run's end (tests/support/global-run.ts). */
export const runDir = (): string => inject('runDir');

/**
 * A new folder for a test's files (stand-in builds, stage files, a CDK app's cloud assembly)
 * inside the run's folder, which the run removes at its end (tests/support/global-run.ts): a
 * test leaves nothing behind in the system's temporary folder.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(runDir(), prefix));
}
