import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGUAGES } from '@shuttle/shared';
import { keyPaths, resources } from '@shuttle/shared/i18n';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18next } from './i18n';

const SRC = join(import.meta.dirname, '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function valueAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('member app translations', () => {
  it.each(['member', 'errors'])('%s: every key exists, with text, in all five languages', (ns) => {
    const reference = new Set(LANGUAGES.flatMap((lng) => keyPaths(resources[lng][ns] ?? {})));
    expect(reference.size).toBeGreaterThan(0);
    for (const lng of LANGUAGES) {
      const tree = resources[lng][ns] ?? {};
      const missing = [...reference].filter((key) => {
        const value = valueAt(tree, key);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(missing, `${lng}/${ns}.json lacks`).toEqual([]);
    }
  });

  it('keeps the same placeholders in every language', () => {
    const zh = resources['zh-TW'].member!;
    for (const key of keyPaths(zh)) {
      const names = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      for (const lng of LANGUAGES) {
        expect(names(valueAt(resources[lng].member, key)), `${lng} ${key}`).toEqual(names(valueAt(zh, key)));
      }
    }
  });

  it('has every key the code asks for', () => {
    const zh = resources['zh-TW'];
    const keys = new Set([
      ...keyPaths(zh.member ?? {}),
      ...keyPaths(zh.member ?? {}).map((k) => k.replace(PLURAL, '')),
    ]);
    const unknown: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        const key = match[1]!;
        if (text.includes(`ns: 'errors'`) && key in (zh.errors ?? {})) continue;
        const isTree = [...keys].some((k) => k.startsWith(`${key}.`));
        if (!keys.has(key) && !isTree && !(key in (zh.errors ?? {}))) unknown.push(`${relative(SRC, file)}: ${key}`);
      }
      for (const match of text.matchAll(/\bt\(\s*`([a-zA-Z0-9_.]+)\.\$\{/g)) {
        const prefix = `${match[1]!}.`;
        if (![...keys].some((k) => k.startsWith(prefix))) unknown.push(`${relative(SRC, file)}: ${prefix}*`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('has no user-facing text written in the components', () => {
    const offenders: string[] = [];
    const TEXT_ATTRIBUTES = new Set(['aria-label', 'alt', 'title', 'placeholder', 'label']);
    for (const file of sourceFiles(SRC).filter((f) => f.endsWith('.tsx'))) {
      const source = ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node) && /[A-Za-z\u3040-\u30ff\u4e00-\u9fff]/.test(node.getText())) {
          offenders.push(`${relative(SRC, file)}: ${node.getText().trim().slice(0, 40)}`);
        }
        if (
          ts.isJsxAttribute(node) &&
          TEXT_ATTRIBUTES.has(node.name.getText()) &&
          node.initializer &&
          ts.isStringLiteral(node.initializer) &&
          /[A-Za-z\u4e00-\u9fff]/.test(node.initializer.text)
        ) {
          offenders.push(`${relative(SRC, file)}: ${node.getText()}`);
        }
        if (ts.isStringLiteral(node) && /[\u3040-\u30ff\u4e00-\u9fff]/.test(node.text)) {
          offenders.push(`${relative(SRC, file)}: ${node.text.slice(0, 40)}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offenders).toEqual([]);
  });

  it('switches language at run time and remembers the choice', async () => {
    await changeLanguage('ja');
    expect(i18next.t('modal.confirm')).toBe('確認');
    expect(i18next.t('session.bookingClosed')).toBe('受付終了');
    expect(localStorage.getItem('language')).toBe('ja');
    await changeLanguage('en');
    expect(i18next.t('auth.notLoggedIn')).toBe('You are not logged in, please log in to continue.');
    expect(i18next.t('session.bookingClosed')).toBe('Booking Closed');
    expect(i18next.t('common.money', { amount: '250' })).toBe('NT$250');
    await changeLanguage('zh-TW');
    expect(i18next.t('common.money', { amount: '250' })).toBe('250 元');
    expect(document.documentElement.lang).toBe('zh-Hant-TW');
  });
});
