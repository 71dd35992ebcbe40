import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { layeringViolations } from '../build/app-architecture.ts';

/** The apps' shared layering rule catches what it exists for, on a planted tree. */

let src: string;
afterEach(() => rmSync(src, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  src = mkdtempSync(join(tmpdir(), 'app-architecture-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  }
  return src;
}

describe('app layering rule', () => {
  it('passes a tree that keeps the layers', () => {
    tree({
      'app/router.tsx': "import { A } from '@/features/a/a';\nimport { B } from '@/features/b/b';",
      'features/a/a.tsx': "import { Button } from '@/components/button';\nimport { helper } from './helper';",
      'features/a/helper.ts': "import { format } from '@/lib/format';",
      'features/b/b.tsx': "import { Button } from '@/components/button';",
      'components/button.tsx': "import { format } from '@/lib/format';",
      'lib/format.ts': 'export const format = 1;',
    });
    expect(layeringViolations(src)).toEqual([]);
  });

  it('fails on a feature importing another, an upward import, a deep climb, a cycle and a misnamed file', () => {
    tree({
      'features/a/a.tsx': "import { B } from '@/features/b/b';",
      'features/b/b.tsx': "import { x } from '../../lib/x';",
      'components/button.tsx': "import { A } from '@/features/a/a';",
      'lib/x.ts': "import { y } from './y';",
      'lib/y.ts': "import { x } from './x';",
      'lib/BadName.ts': 'export {};',
    });
    const found = layeringViolations(src);
    expect(found).toContain('feature imports another feature: features/a/a.tsx -> @/features/b/b');
    expect(found).toContain('shared code imports upward: components/button.tsx -> @/features/a/a');
    expect(found).toContain('import climbs two folders: features/b/b.tsx -> ../../lib/x');
    expect(found).toContain('import cycle: lib/x.ts -> lib/y.ts -> lib/x.ts');
    expect(found).toContain('file name not kebab-case: lib/BadName.ts');
  });
});
