/// <reference types="node" />
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

type Tree = { [key: string]: string | Tree };

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * The part of `tree` that `paths` name: a path names a subtree or a text, or a text's plural forms
 * (`path_one`, `path_other`, …). Throws on a path that names nothing, so a renamed key fails the build.
 */
export function pickTexts(tree: Tree, paths: readonly string[], where = 'texts'): Tree {
  const picked: Tree = {};
  for (const path of paths) {
    const parts = path.split('.');
    const last = parts.pop()!;
    let from: Tree | undefined = tree;
    let into = picked;
    for (const part of parts) {
      const next: string | Tree | undefined = from?.[part];
      from = typeof next === 'object' ? next : undefined;
      if (!from) break;
      into[part] ??= {};
      into = into[part] as Tree;
    }
    const names = from
      ? [last, ...PLURAL_SUFFIXES.map((suffix) => `${last}_${suffix}`)].filter((name) => from[name] !== undefined)
      : [];
    if (names.length === 0) throw new Error(`${where}: "${path}" names no text`);
    for (const name of names) into[name] = from![name]!;
  }
  return picked;
}

const PREFIX = 'virtual:first-screen-texts/';

/**
 * `import('virtual:first-screen-texts/<language>')`: `{ <namespace>: texts }` for each namespace of
 * `paths`, picked from `<localesDir>/<language>/<namespace>.json`, as the first screen's own chunk.
 */
export function firstScreenTexts(localesDir: URL, paths: Record<string, readonly string[]>): Plugin {
  return {
    name: 'shuttle-first-screen-texts',
    resolveId(source) {
      return source.startsWith(PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const language = id.slice(PREFIX.length + 1);
      const texts = Object.fromEntries(
        Object.entries(paths).map(([ns, nsPaths]) => {
          const file = new URL(`${language}/${ns}.json`, localesDir);
          this.addWatchFile(file.pathname);
          const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
          return [ns, pickTexts(tree, nsPaths, `${language}/${ns}.json`)];
        }),
      );
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
