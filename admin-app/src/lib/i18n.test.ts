import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGUAGES } from '@shuttle/shared';
import { keyPaths, resources } from '@shuttle/shared/i18n';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { changeLanguage, i18next } from './i18n';

const SRC = join(import.meta.dirname, '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function valueAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort((a, b) => a!.localeCompare(b!));

describe('admin app translations', () => {
  it('has every key of the admin namespace, with text, in all five languages', () => {
    const reference = new Set(LANGUAGES.flatMap((lng) => keyPaths(resources[lng].admin ?? {})));
    expect(reference.size).toBeGreaterThan(300);
    for (const lng of LANGUAGES) {
      const tree = resources[lng].admin ?? {};
      const missing = [...reference].filter((key) => {
        const value = valueAt(tree, key);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(missing, `${lng}/admin.json lacks`).toEqual([]);
    }
  });

  it('keeps the same placeholders in every language', () => {
    const zh = resources['zh-TW'].admin!;
    for (const key of keyPaths(zh)) {
      for (const lng of LANGUAGES) {
        expect(placeholders(valueAt(resources[lng].admin, key)), `${lng} ${key}`).toEqual(
          placeholders(valueAt(zh, key)),
        );
      }
    }
  });

  it('is really translated: no language copies the English text wholesale', () => {
    const en = resources.en.admin!;
    const keys = keyPaths(en);
    for (const lng of ['zh-TW', 'es', 'ja', 'de'] as const) {
      const same = keys.filter((key) => valueAt(resources[lng].admin, key) === valueAt(en, key));
      // Names of languages, 'VIP', link and id examples and the like may stay as they are.
      expect(same.length / keys.length, `${lng} shares ${same.join(', ')}`).toBeLessThan(0.06);
    }
  });

  it('has every key the code asks for', () => {
    const zh = resources['zh-TW'];
    const keys = new Set([...keyPaths(zh.admin ?? {}), ...keyPaths(zh.admin ?? {}).map((k) => k.replace(PLURAL, ''))]);
    const unknown: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        const key = match[1]!;
        const isTree = [...keys].some((k) => k.startsWith(`${key}.`));
        if (!keys.has(key) && !isTree) unknown.push(`${relative(SRC, file)}: ${key}`);
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
          // The brand name is the same in every language.
          if (!/^\s*(Shuttle|Admin)\s*$/.test(node.getText())) {
            offenders.push(`${relative(SRC, file)}: ${node.getText().trim().slice(0, 40)}`);
          }
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

  it('switches language at run time, remembers it under the shared key and formats money per language', async () => {
    await changeLanguage('ja');
    expect(i18next.t('startup.noRegionTitle')).toBe('既定の場所が未設定です');
    expect(i18next.t('errors:SESSION_FULL')).toBe(resources.ja.errors!.SESSION_FULL);
    expect(localStorage.getItem('language')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    await changeLanguage('en');
    expect(i18next.t('session.bookingClosed')).toBe('Booking Closed');
    expect(formatMoney(1250)).toBe('NT$1,250');
    await changeLanguage('de');
    expect(formatMoney(1250)).toBe('1.250 NT$');
    await changeLanguage('zh-TW');
    expect(formatMoney(250)).toBe('250 元');
    expect(i18next.t('startup.noRegionMessage')).toBe('請先設定預設地點 ( 設定 > 場地資訊設定 )');
    expect(i18next.t('modal.confirm')).toBe('確認');
    expect(document.documentElement.lang).toBe('zh-Hant-TW');
  });
});
