import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repo explains itself: a short README that points at the docs, no doc link that leads
 * nowhere, and no file, folder, npm script or vitest project a doc names that is not there (a
 * renamed file breaks this test, not the reader).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const docs = [
  'README.md',
  'functions/src/db/TABLE.md',
  'functions/src/app/LIMITS.md',
  'infra/README.md',
  ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`),
];

/** Paths the docs name on purpose although they are not in the repo: a file an operator makes, build output. */
const NOT_IN_REPO = ['infra/stages/prod.json', 'index.mjs', 'app-config.json', 's3-source-maps/'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const IGNORED = new Set(['node_modules', '.git', 'dist', 'cdk.out', '.data', 'coverage', 'artifacts']);
const FILE = /\.(?:ts|tsx|js|mjs|cjs|json|md|css|html|svg|png|sh|ya?ml)$/;

/** Every file and folder of the repo (relative, folders with a trailing slash), build output and dependencies left out. */
function listTree(root: string): Set<string> {
  const tree = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (IGNORED.has(entry.name)) continue;
      const path = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        tree.add(`${path}/`);
        walk(join(dir, entry.name), `${path}/`);
      } else tree.add(path);
    }
  };
  walk(root, '');
  return tree;
}

/**
 * The file and folder paths a doc names: a backticked name that ends in a file extension or a
 * slash, or starts at a top-level folder (`functions/src`), and any path from a top-level folder
 * in the prose. API call names (`checkState/booked/getBooked`), URL paths (`/admin/…`),
 * packages (`@line/bot-sdk`), domains and placeholders (`<id>`, `…`, `*`) are not paths.
 */
function namedPaths(text: string, topFolders: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const [, quoted] of text.matchAll(/`([^`\n]+)`/g)) {
    const name = quoted!.trim();
    if (/[\s<>…*{}$|?=]|^[@/~#-]|:\/\/|^[^/]*\.[a-z]+\//.test(name)) continue;
    const rooted = topFolders.some((top) => name === top || name.startsWith(`${top}/`));
    if (rooted || FILE.test(name) || (name.endsWith('/') && !name.startsWith('.'))) paths.add(name);
  }
  const prose = text.replace(/`[^`\n]+`/g, ' ');
  const fromTop = new RegExp(`(?<![\\w./@-])(?:${topFolders.map(escapeRegExp).join('|')})/[\\w./-]*[\\w/]`, 'g');
  for (const [path] of prose.matchAll(fromTop)) paths.add(path);
  return [...paths];
}

/**
 * Whether a named path exists: relative to the doc, from the repo root, or, for a path inside a
 * workspace (`api/member/rotation.ts`, `lib/bundling.ts`), as the tail of a path in the tree;
 * a bare file name (`settlement-repository.ts`) as some file's name.
 */
function pathExists(name: string, doc: string, tree: ReadonlySet<string>, topFolders: readonly string[]): boolean {
  const folder = name.endsWith('/');
  const bare = name.replace(/\/$/, '');
  const candidates = [bare, posix.normalize(posix.join(posix.dirname(doc), bare))];
  if (candidates.some((path) => tree.has(`${path}/`) || (!folder && tree.has(path)))) return true;
  if (bare.startsWith('.') || topFolders.some((top) => bare === top || bare.startsWith(`${top}/`))) return false;
  const tail = folder || !FILE.test(bare) ? `/${bare}/` : `/${bare}`;
  for (const path of tree) if (`/${path}`.endsWith(tail)) return true;
  return false;
}

interface ScriptRun {
  script: string;
  /** The workspace of `-w <name>`, or the root package. */
  workspace: string;
}

/** The npm scripts a doc runs: `npm run <script>` (with `-w <workspace>`), `npm test`, `npm start`. */
function namedScripts(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  for (const [, run, plain, rest] of text.matchAll(
    /\bnpm (?:run(?:-script)? ([\w:.-]+)|(test|start|stop|restart)\b)([^\n`|)]*)/g,
  )) {
    const workspace = /(?:-w|--workspace)[ =]([\w@/.-]+)/.exec(rest!.split(' -- ')[0]!)?.[1] ?? '.';
    runs.push({ script: (run ?? plain)!, workspace });
  }
  return runs;
}

/** The vitest projects a doc runs with `--project <name>`. */
const namedProjects = (text: string) => [...text.matchAll(/--project[ =]([\w-]+)/g)].map(([, name]) => name!);

function scriptsOf(workspace: string): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return Object.keys(manifest.scripts ?? {});
}

/** What a doc names that is not there, as `doc: name` lines. */
function deadNames(doc: string, text: string, tree: ReadonlySet<string>, projects: readonly string[]): string[] {
  const topFolders = [...tree].filter((path) => /^[^/]+\/$/.test(path)).map((path) => path.slice(0, -1));
  const dead: string[] = [];
  for (const path of namedPaths(text, topFolders)) {
    if (!pathExists(path, doc, tree, topFolders)) dead.push(`${doc}: ${path}`);
  }
  for (const { script, workspace } of namedScripts(text)) {
    const present = tree.has(`${workspace === '.' ? '' : `${workspace}/`}package.json`);
    if (!present || !scriptsOf(workspace).includes(script)) {
      dead.push(`${doc}: npm run ${script}${workspace === '.' ? '' : ` -w ${workspace}`}`);
    }
  }
  for (const project of namedProjects(text)) {
    if (!projects.includes(project)) dead.push(`${doc}: --project ${project}`);
  }
  return dead;
}

/** The vitest project names: those of the root config and the apps' (named by `appTestConfig`). */
function vitestProjects(): string[] {
  const configs = ['vitest.config.ts', 'liff-app/vitest.config.ts', 'admin-app/vitest.config.ts'];
  return configs.flatMap((config) =>
    [...readFileSync(join(ROOT, config), 'utf8').matchAll(/\bname: '([\w-]+)'|appTestConfig\(.*?, '([\w-]+)'\)/g)].map(
      ([, name, app]) => (name ?? app)!,
    ),
  );
}

describe('docs', () => {
  const tree = listTree(ROOT);
  const projects = vitestProjects();

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

  it('names only files, folders, npm scripts and test projects that exist', () => {
    expect(projects).toEqual(expect.arrayContaining(['liff-app', 'admin-app', 'unit', 'api', 'e2e']));
    const dead = docs.flatMap((doc) => deadNames(doc, readFileSync(join(ROOT, doc), 'utf8'), tree, projects));
    const named = (line: string) => line.slice(line.indexOf(': ') + 2);
    expect(dead.filter((line) => !NOT_IN_REPO.includes(named(line)))).toEqual([]);
    // The exceptions stay few and true: each is named by a doc and still absent.
    expect(NOT_IN_REPO.filter((path) => !dead.some((line) => named(line) === path))).toEqual([]);
  });

  it('catches a renamed file, a missing folder, script or project, and passes what exists', () => {
    const doc = 'docs/EXAMPLE.md';
    const text = [
      'The store is `functions/src/payments/settlement-repository.ts`, routes in `api/admin/settlement.ts`',
      'and `settlement.ts`, apps in `admin-app/src/components/` and `lib/stand-ins/`; `checkState/booked/getBooked`',
      'is a call, `@line/bot-sdk` a package.',
      'See functions/src/db/TABLE.md and [LIMITS](../functions/src/app/LIMITS.md); run `npm run lint`',
      'and `npm run build -w infra`, or `npx vitest run --project unit`.',
    ].join('\n');
    expect(deadNames(doc, text, tree, projects)).toEqual([]);

    const renamed = new Set([...tree].filter((path) => !path.endsWith('settlement-repository.ts')));
    expect(deadNames(doc, text, renamed, projects)).toEqual([
      `${doc}: functions/src/payments/settlement-repository.ts`,
    ]);
    const planted = [
      'Gone: `api/admin/settlements.ts`, `store.tsx`, `admin-app/src/gone/`, functions/src/nowhere.ts,',
      '`npm run lints`, `npm run synth -w liff-app`, `npm stop`, `npx vitest run --project units`.',
    ].join('\n');
    expect(deadNames(doc, planted, tree, projects)).toEqual([
      `${doc}: api/admin/settlements.ts`,
      `${doc}: store.tsx`,
      `${doc}: admin-app/src/gone/`,
      `${doc}: functions/src/nowhere.ts`,
      `${doc}: npm run lints`,
      `${doc}: npm run synth -w liff-app`,
      `${doc}: npm run stop`,
      `${doc}: --project units`,
    ]);
  });
});
