/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync, Visitor } from 'oxc-parser';
import { expect, it } from 'vitest';
import { LANGUAGES } from '../constants.ts';
import { keyPaths, resources } from '../i18n/index.ts';

// Checks of the apps' translation tests: each app runs them over its own sources and the shared
// components it renders (this folder). Only tests import this.

export const SHARED_WEB_DIR = import.meta.dirname;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Source files under `dir`, without tests, declarations and test helpers. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    const source = /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');
    return source && !/^testing/.test(name) ? [path] : [];
  });
}

export function valueAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

/** Keys some language of `ns` lacks or leaves empty, as 'lng: key'. */
export function missingTexts(ns: string): string[] {
  const reference = new Set(LANGUAGES.flatMap((lng) => keyPaths(resources[lng][ns] ?? {})));
  return LANGUAGES.flatMap((lng) =>
    [...reference]
      .filter((key) => {
        const value = valueAt(resources[lng][ns], key);
        return typeof value !== 'string' || value.trim() === '';
      })
      .map((key) => `${lng}: ${key}`),
  );
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort((a, b) => a.localeCompare(b));

/** Keys of `ns` whose `{{placeholders}}` differ from the Traditional Chinese text, as 'lng: key'. */
export function placeholderMismatches(ns: string): string[] {
  const zh = resources['zh-TW'][ns] ?? {};
  return keyPaths(zh).flatMap((key) =>
    LANGUAGES.filter(
      (lng) => placeholders(valueAt(resources[lng][ns], key)).join() !== placeholders(valueAt(zh, key)).join(),
    ).map((lng) => `${lng}: ${key}`),
  );
}

/**
 * Keys the code asks for with `t('…')` (or a prefix with `t(\`….${…}\`)`) that the namespace(s)
 * `ns` lack, as 'file: key'. With `errorCodes`, a key of the `errors` namespace counts as found too.
 */
export function unknownKeys(files: string[], ns: string | string[], options: { errorCodes?: boolean } = {}): string[] {
  const zh = resources['zh-TW'];
  const paths = [ns].flat().flatMap((name) => keyPaths(zh[name] ?? {}));
  const keys = new Set([...paths, ...paths.map((k) => k.replace(PLURAL, ''))]);
  const known = (key: string) =>
    keys.has(key) || [...keys].some((k) => k.startsWith(`${key}.`)) || (options.errorCodes && key in (zh.errors ?? {}));
  const unknown: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
      if (!known(match[1]!)) unknown.push(`${relative(process.cwd(), file)}: ${match[1]}`);
    }
    for (const match of text.matchAll(/\bt\(\s*`([a-zA-Z0-9_.]+)\.\$\{/g)) {
      const prefix = `${match[1]!}.`;
      if (![...keys].some((k) => k.startsWith(prefix))) unknown.push(`${relative(process.cwd(), file)}: ${prefix}*`);
    }
  }
  return unknown;
}

const TEXT_ATTRIBUTES = new Set(['aria-label', 'alt', 'title', 'placeholder', 'label']);

/**
 * Text written into components rather than taken from the translations: JSX text, text
 * attributes, and any Chinese or Japanese string. `brand` names JSX text that stays the same in
 * every language.
 */
export function hardCodedTexts(files: string[], brand?: RegExp): string[] {
  const offenders: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.tsx'))) {
    const where = relative(process.cwd(), file);
    const text = readFileSync(file, 'utf8');
    const { program, errors } = parseSync(file, text, { lang: 'tsx' });
    if (errors.length > 0) throw new Error(`${where}: ${errors[0]!.message}`);
    new Visitor({
      JSXText(node) {
        const written = node.raw ?? node.value;
        if (/[A-Za-z\u3040-\u30ff\u4e00-\u9fff]/.test(written) && !brand?.test(written))
          offenders.push(`${where}: ${written.trim().slice(0, 40)}`);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        const value = node.value?.type === 'Literal' ? node.value.value : null;
        if (TEXT_ATTRIBUTES.has(name) && typeof value === 'string' && /[A-Za-z\u4e00-\u9fff]/.test(value))
          offenders.push(`${where}: ${text.slice(node.start, node.end)}`);
      },
      Literal(node) {
        if (typeof node.value === 'string' && /[\u3040-\u30ff\u4e00-\u9fff]/.test(node.value))
          offenders.push(`${where}: ${node.value.slice(0, 40)}`);
      },
    }).visit(program);
  }
  return offenders;
}

/**
 * The translation checks every app passes, as tests: its namespace, `status` and `errors` complete in all
 * five languages with the same placeholders, every key the code asks for present, and no text
 * written into components, over the app's sources in `appSrc` and the shared components.
 */
export function itChecksTranslations(
  namespace: 'member' | 'admin',
  appSrc: string,
  options: { errorCodes?: boolean; brand?: RegExp; onDemand?: string[] } = {},
): void {
  const files = [...sourceFiles(appSrc), ...sourceFiles(SHARED_WEB_DIR)];
  // `status`: the badge and places words both apps show (shared/src/web/session-status.tsx).
  const own = [namespace, 'status', ...(options.onDemand ?? [])];
  it.each([...own, 'errors'])('%s: every key exists, with text, in all five languages', (ns) => {
    expect(missingTexts(ns)).toEqual([]);
  });
  it.each(own)('%s: keeps the same placeholders in every language', (ns) => {
    expect(placeholderMismatches(ns)).toEqual([]);
  });
  it('has every key the code asks for', () => {
    expect(unknownKeys(files, own, options)).toEqual([]);
  });
  it('has no user-facing text written in the components', () => {
    expect(hardCodedTexts(files, options.brand)).toEqual([]);
  });
}
