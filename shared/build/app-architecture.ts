/// <reference types="node" />
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The one layering rule of both apps (docs/ARCHITECTURE.md, "The apps"): shared folders
 * (`components`, `hooks`, `lib`, `config`, `stores`, ...) -> `features/<feature>` -> `app/`.
 * A feature never imports another feature (a change other features show is announced through
 * `lib/changes.ts`), shared folders import neither features nor the app shell, imports go by
 * alias (`@/…`), never climbing two folders, there is no import cycle, and files are kebab-case.
 * Each app's `src/architecture.test.ts` runs it on its own `src`.
 */

export interface Source {
  file: string;
  /** Relative to `src`, with forward slashes. */
  path: string;
}

export function sourcesOf(src: string): Source[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
    });
  return walk(src).map((file) => ({ file, path: relative(src, file).replaceAll('\\', '/') }));
}

/** Module specifiers of a file's static and dynamic imports and re-exports. */
export function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
}

/** The `src`-relative path an import names, when it is the app's own (alias or relative); else null. */
export function resolveImport(src: string, fromPath: string, target: string): string | null {
  let base: string;
  if (target.startsWith('@/')) base = join(src, target.slice(2));
  else if (target.startsWith('.')) base = resolve(dirname(join(src, fromPath)), target);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(src, candidate).replaceAll('\\', '/');
  }
  return null;
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('testing/');

/** Every rule broken by the sources, one line each ("rule: from -> to"). */
export function layeringViolations(src: string, sources: Source[] = sourcesOf(src)): string[] {
  const found: string[] = [];
  const graph = new Map<string, string[]>();
  for (const { file, path } of sources) {
    const targets = importsOf(readFileSync(file, 'utf8'));
    const own = /^features\/([^/]+)\//.exec(path)?.[1];
    const shared = !/^(app|features)\//.test(path) && path !== 'main.tsx' && !isTest(path);
    for (const target of targets) {
      const other = /^@\/features\/([^/]+)\//.exec(target)?.[1];
      if (own && other && other !== own) found.push(`feature imports another feature: ${path} -> ${target}`);
      if (shared && /^@\/(app|features)\//.test(target)) found.push(`shared code imports upward: ${path} -> ${target}`);
      if (target.startsWith('../../')) found.push(`import climbs two folders: ${path} -> ${target}`);
    }
    if (!isTest(path)) {
      graph.set(
        path,
        targets.map((t) => resolveImport(src, path, t)).filter((t): t is string => t !== null),
      );
    }
    const name = path.split('/').at(-1)!;
    if (!/^[a-z0-9.-]+$/.test(name)) found.push(`file name not kebab-case: ${path}`);
  }
  for (const cycle of importCycles(graph)) found.push(`import cycle: ${cycle.join(' -> ')}`);
  return found;
}

/** Import cycles of a module graph, each listed once from its smallest member. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        const start = loop.indexOf([...loop].sort()[0]!);
        const rotated = [...loop.slice(start), ...loop.slice(0, start)];
        cycles.set(rotated.join(' '), [...rotated, rotated[0]!]);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}

/** Registers the layering test of the app whose `src` is given. */
export function describeAppLayering(appName: string, src: string): void {
  describe(`${appName} layering (docs/ARCHITECTURE.md, "The apps")`, () => {
    it('keeps features apart, shared code below them, aliases, no cycles and kebab-case names', () => {
      expect(layeringViolations(src)).toEqual([]);
    });
  });
}
