import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// mount-app.tsx turns zod's generated-code fast path off (the CSP forbids `new Function`)
// without importing zod; these cases check zod 4 reads that setting, loaded after it or before,
// each in a fresh Node process (a test's module cache would keep one zod for both).
const mountApp = fileURLToPath(new URL('../../src/web/mount-app.tsx', import.meta.url));

function jitlessAfter(order: 'app first' | 'zod first'): unknown {
  const script =
    order === 'app first'
      ? `await import(${JSON.stringify(mountApp)}); const z = await import('zod');`
      : `const z = await import('zod'); await import(${JSON.stringify(mountApp)});`;
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `${script} const s = z.object({ a: z.string() }); console.log(JSON.stringify([z.config().jitless ?? null, s.parse({ a: 'x' })]));`,
    ],
    { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').pop()!);
}

describe("zod's jitless setting from mount-app.tsx", () => {
  it('holds when zod is loaded after the app mounts (the member app: zod comes with the contracts)', () => {
    expect(jitlessAfter('app first')).toEqual([true, { a: 'x' }]);
  });

  it('holds when zod was loaded first (the admin app)', () => {
    expect(jitlessAfter('zod first')).toEqual([true, { a: 'x' }]);
  });
});
