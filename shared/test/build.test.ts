import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { exportedNames, zodWithoutEval, zodWithoutJsonSchema } from '../build/vite.ts';

// Inside the repository, so the entry resolves `zod` as the apps do.
const cache = join(import.meta.dirname, '../../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'shuttle-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Builds `code` as the apps' builds would treat zod, and returns the one output chunk. */
async function bundle(code: string, plugins = [zodWithoutEval(), zodWithoutJsonSchema()]): Promise<string> {
  const entry = join(work, `entry-${plugins.length}.js`);
  writeFileSync(entry, code);
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    root: process.cwd(),
    plugins,
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['es'], fileName: 'out' },
      rollupOptions: { external: [] },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const [output] = Array.isArray(result) ? result : [result];
  return output!.output
    .filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
    .map((c) => c.code)
    .join('\n');
}

const APP = `
import * as z from 'zod';
const session = z.object({ title: z.string().min(1).max(5), seats: z.number().int() });
export const ok = session.safeParse({ title: 'Hi', seats: 3 }).success;
export const refused = session.safeParse({ title: '', seats: 1.5 }).success;
export const maxLength = session.shape.title.maxLength;
export function jsonSchema() { return z.toJSONSchema(session); }
`;

describe("the apps' builds of zod", () => {
  it('reads the export names of a module', () => {
    expect(
      exportedNames('export function a() {}\nexport const b = 1;\nexport { c as d, e };\nexport async function f() {}'),
    ).toEqual(['a', 'b', 'f', 'd', 'e']);
  });

  it('leave out the JSON Schema generator, and the schemas still parse and report their limits', async () => {
    const withGenerator = await bundle(APP, [zodWithoutEval()]);
    const without = await bundle(APP);
    // The generator's own text is in a plain build and not in the apps'.
    expect(withGenerator).toMatch(/function finalize\(/);
    expect(without).not.toMatch(/function finalize\(/);
    expect(without.length).toBeLessThan(withGenerator.length - 5000);

    const file = join(work, 'without.mjs');
    writeFileSync(file, without);
    const app = (await import(pathToFileURL(file).href)) as {
      ok: boolean;
      refused: boolean;
      maxLength: number;
      jsonSchema: () => unknown;
    };
    expect(app.ok).toBe(true);
    expect(app.refused).toBe(false);
    expect(app.maxLength).toBe(5);
    expect(() => app.jsonSchema()).toThrow(/not part of the app bundle/);
  }, 60_000);
});
