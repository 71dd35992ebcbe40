import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LONG_FILES, LongFilesFirst } from './sequencer.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A file of `project` as vitest hands it to the sequencer, `size` bytes on disk. */
const spec = (project: string, path: string, groupOrder = 0) => ({
  project: { name: project, config: { sequence: { groupOrder }, isolate: false } },
  moduleId: resolve(ROOT, path),
});
type Spec = ReturnType<typeof spec>;
/** A run with no durations from earlier runs (a fresh clone): vitest orders by size. */
function sequencer(sizes: Record<string, number>) {
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: sizes[key.slice(key.indexOf(':') + 1)] ?? 0 }),
    },
  };
  return new LongFilesFirst(ctx as unknown as Vitest);
}
const order = async (s: LongFilesFirst, specs: Spec[]) =>
  (await s.sort(specs as unknown as TestSpecification[])).map(
    (f) => `${f.project.name}:${f.moduleId.slice(ROOT.length + 1)}`,
  );

describe('the suite starts its longest files first (tests/support/sequencer.ts)', () => {
  it('names only files that exist, each once', () => {
    for (const path of LONG_FILES) expect(existsSync(resolve(ROOT, path)), path).toBe(true);
    expect(new Set(LONG_FILES).size).toBe(LONG_FILES.length);
  });

  it('moves the long files to the front of their project in the list order, keeping projects one after another', async () => {
    const s = sequencer({ 'tests/api/big.test.ts': 90_000, 'tests/api/small.test.ts': 10 });
    const files = [
      spec('e2e', 'tests/e2e/booking.test.ts', 1),
      spec('e2e', 'tests/e2e/accessibility.test.ts', 1),
      spec('e2e', 'tests/e2e/accessibility-admin.test.ts', 1),
      spec('api', 'tests/api/small.test.ts'),
      spec('api', 'tests/property/booking.property.test.ts'),
      spec('api', 'tests/api/big.test.ts'),
      spec('api', 'tests/api/concurrency.test.ts'),
      spec('infra', 'infra/test/stack.test.ts'),
      spec('infra', 'infra/test/source-maps.test.ts'),
    ];
    expect(await order(s, files)).toEqual([
      'api:tests/api/concurrency.test.ts',
      'api:tests/property/booking.property.test.ts',
      'api:tests/api/big.test.ts',
      'api:tests/api/small.test.ts',
      'infra:infra/test/source-maps.test.ts',
      'infra:infra/test/stack.test.ts',
      'e2e:tests/e2e/accessibility-admin.test.ts',
      'e2e:tests/e2e/accessibility.test.ts',
      'e2e:tests/e2e/booking.test.ts',
    ]);
  });
});
