import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repo explains itself: a short README that points at the docs, and no doc link that leads nowhere. */
const ROOT = resolve(import.meta.dirname, '../..');
const docs = [
  'README.md',
  'functions/src/db/TABLE.md',
  'functions/src/app/LIMITS.md',
  'infra/README.md',
  ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`),
];

describe('docs', () => {
  it('keeps the README short and linking the docs a newcomer needs', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(120);
    for (const needed of [
      'npm install && npm start',
      'npm test',
      'docs/LINE.md',
      'docs/DECISIONS.md',
      'docs/ARCHITECTURE.md',
    ]) {
      expect(readme).toContain(needed);
    }
  });

  it('has no relative link to a file that does not exist', () => {
    const broken: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        if (!existsSync(resolve(ROOT, dirname(doc), target!))) broken.push(`${doc} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
