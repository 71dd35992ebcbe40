import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Layers: shared code -> features -> app shell. No feature imports another (a change that other
 * features show is announced through lib/changes.ts); imports by alias, not ../../.
 */
const SRC = import.meta.dirname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
}

const sources = files(SRC).map((file) => ({ file, path: relative(SRC, file).replaceAll('\\', '/') }));

describe('admin app layering', () => {
  it('never imports one feature from another', () => {
    const crossings: string[] = [];
    for (const { file, path } of sources) {
      const own = /^features\/([^/]+)\//.exec(path)?.[1];
      if (!own) continue;
      for (const target of imports(file)) {
        const other = /^@\/features\/([^/]+)\//.exec(target)?.[1];
        if (other && other !== own) crossings.push(`${path} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('keeps shared code free of features and the app shell', () => {
    const upward: string[] = [];
    for (const { file, path } of sources) {
      if (/^(app|features)\//.test(path) || path === 'main.tsx' || /\.test\.tsx?$/.test(path)) continue;
      for (const target of imports(file)) if (/^@\/(app|features)\//.test(target)) upward.push(`${path} -> ${target}`);
    }
    expect(upward).toEqual([]);
  });

  it('imports by alias or package name, never climbing two folders', () => {
    const deep = sources.flatMap(({ file, path }) =>
      imports(file)
        .filter((target) => target.startsWith('../../'))
        .map((target) => `${path} -> ${target}`),
    );
    expect(deep).toEqual([]);
  });

  it('names files in kebab-case', () => {
    const misnamed = sources.map(({ path }) => path.split('/').at(-1)!).filter((n) => !/^[a-z0-9.-]+$/.test(n));
    expect(misnamed).toEqual([]);
  });
});
