import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of docs/ARCHITECTURE.md ("Layers"), checked on the import graph of
 * functions/src and shared/src: which folder may import which, no route file importing
 * another, no import cycle, and no source file over 450 lines anywhere in the product.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const FUNCTIONS = join(ROOT, 'functions/src');
const SHARED = join(ROOT, 'shared/src');

/** Concept folders of functions/src, lowest first: a domain module imports only those before it. */
const CONCEPTS = [
  'auth',
  'players',
  'teams',
  'sessions',
  'outbox',
  'bookings',
  'payments',
  'line',
  'notifications',
  'admin-accounts',
  'reports',
  'calendar',
] as const;
const FOUNDATION = ['platform', 'db'] as const;
const ENTRY = ['app', 'handlers', 'local'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/gm)].map(
    (m) => (m[1] ?? m[2])!,
  );
}

const functionsAliases = Object.entries(
  JSON.parse(readFileSync(join(ROOT, 'functions/package.json'), 'utf8')).imports as Record<string, string>,
).map(([alias, target]) => [alias.replace('*', ''), join(ROOT, 'functions', target.replace('*', ''))] as const);

/** The file an import names, or null for a package import. */
function resolveImport(from: string, spec: string): string | null {
  if (spec.startsWith('.')) return resolve(dirname(from), spec);
  for (const [alias, target] of functionsAliases) if (spec.startsWith(alias)) return target + spec.slice(alias.length);
  if (spec.startsWith('@shuttle/functions/')) return join(FUNCTIONS, spec.slice('@shuttle/functions/'.length));
  if (spec.startsWith('@shuttle/shared/')) return join(SHARED, spec.slice('@shuttle/shared/'.length));
  return null;
}

interface Edge {
  from: string;
  to: string;
  spec: string;
}

function edgesOf(files: string[]): Edge[] {
  return files.flatMap((from) =>
    specifiers(from).flatMap((spec) => {
      const to = resolveImport(from, spec);
      return to ? [{ from, to, spec }] : [];
    }),
  );
}

const isInterface = (file: string) => /(^|-)(routes|views)\.ts$/.test(file.split('/').at(-1)!);
const isRoute = (file: string) => /(^|-)routes\.ts$/.test(file.split('/').at(-1)!);
const folderOf = (root: string, file: string) => relative(root, file).split('/')[0]!;

/** Why an import in functions/src breaks the layer rules, or null when it is allowed. */
function functionsViolation({ from, to }: Edge): string | null {
  if (!to.startsWith(FUNCTIONS)) return to.startsWith(SHARED) ? null : 'imports outside functions/src and shared/src';
  const source = folderOf(FUNCTIONS, from);
  const target = folderOf(FUNCTIONS, to);
  if (source === 'handlers') return target === 'local' ? 'handlers never import the local server' : null;
  if (source === 'local') return target === 'handlers' ? 'the local server never imports Lambda handlers' : null;
  if (source === 'app') return target === 'handlers' || target === 'local' ? 'app never imports its callers' : null;
  if ((ENTRY as readonly string[]).includes(target)) return `${source} imports the composition layer (${target})`;
  if (source === 'platform') return target === 'platform' ? null : 'platform imports nothing of the product';
  if (source === 'db') return target === 'db' || target === 'platform' ? null : 'db imports only platform';
  if ((FOUNDATION as readonly string[]).includes(target)) return null;
  const sourceRank = CONCEPTS.indexOf(source as (typeof CONCEPTS)[number]);
  const targetRank = CONCEPTS.indexOf(target as (typeof CONCEPTS)[number]);
  if (sourceRank < 0) return `unknown folder ${source}: add it to the layers in docs/ARCHITECTURE.md`;
  if (targetRank < 0) return `unknown folder ${target}`;
  if (isRoute(to)) return 'route files are mounted by app/, never imported';
  if (isInterface(from)) return null;
  if (isInterface(to)) return 'domain modules never import views';
  if (targetRank > sourceRank) return `${source} is below ${target}`;
  return null;
}

/** shared/src: base modules, then schemas, then pure domain rules and i18n, then web (apps only). */
const SHARED_LAYERS: Record<string, number> = {
  'constants.ts': 0,
  'time.ts': 0,
  'errors.ts': 0,
  'envelope.ts': 0,
  schemas: 1,
  domain: 2,
  i18n: 2,
  'index.ts': 3,
  web: 4,
};

function sharedViolation({ from, to }: Edge): string | null {
  if (!to.startsWith(SHARED)) return 'shared imports only itself';
  const source = SHARED_LAYERS[folderOf(SHARED, from)];
  const target = SHARED_LAYERS[folderOf(SHARED, to)];
  if (source === undefined || target === undefined) return 'unknown part of shared: add it to the layers';
  return target > source ? `${folderOf(SHARED, from)} is below ${folderOf(SHARED, to)}` : null;
}

/** Every import cycle among the files, each as a path of files (Tarjan's strongly connected components). */
function cycles(files: string[], edges: Edge[]): string[][] {
  const next = new Map(files.map((f) => [f, [] as string[]]));
  for (const { from, to } of edges) if (next.has(to)) next.get(from)!.push(to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next.get(v)!.includes(v)) found.push(component.map((f) => relative(ROOT, f)));
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

const functionsFiles = sourceFiles(FUNCTIONS);
const sharedFiles = sourceFiles(SHARED);
const functionsEdges = edgesOf(functionsFiles);
const sharedEdges = edgesOf(sharedFiles);
const describeEdge = (e: Edge, why: string) => `${relative(ROOT, e.from)} -> ${e.spec}: ${why}`;

describe('functions/src layering', () => {
  it('resolves every relative or aliased import to a file that exists', () => {
    const missing = functionsEdges.filter((e) => !functionsFiles.includes(e.to) && !e.to.startsWith(SHARED));
    expect(missing.map((e) => describeEdge(e, 'no such file'))).toEqual([]);
  });

  it('imports only downwards: foundation, then concepts in order, then routes and views, then app and entry points', () => {
    const broken = functionsEdges.flatMap((e) => {
      const why = functionsViolation(e);
      return why ? [describeEdge(e, why)] : [];
    });
    expect(broken).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(functionsFiles, functionsEdges)).toEqual([]);
  });

  it('names every top-level folder in the layer list', () => {
    const folders = new Set(functionsFiles.map((f) => folderOf(FUNCTIONS, f)));
    const known = new Set<string>([...FOUNDATION, ...CONCEPTS, ...ENTRY]);
    expect([...folders].filter((f) => !known.has(f))).toEqual([]);
  });
});

describe('shared/src layering', () => {
  it('imports only itself, downwards, and nothing imports the web layer but the apps', () => {
    const broken = sharedEdges.flatMap((e) => {
      const why = sharedViolation(e);
      return why ? [describeEdge(e, why)] : [];
    });
    expect(broken).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(sharedFiles, sharedEdges)).toEqual([]);
  });
});

describe('file size', () => {
  it('keeps every source file of the product at 450 lines or fewer', () => {
    const roots = ['functions/src', 'shared/src', 'liff-app/src', 'admin-app/src'].map((r) => join(ROOT, r));
    const long = roots
      .flatMap((root) => sourceFiles(root))
      .map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 450)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});

describe('the rules themselves', () => {
  const at = (path: string) => join(FUNCTIONS, path);
  const edge = (from: string, to: string): Edge => ({ from: at(from), to: at(to), spec: to });

  it('refuses an upward import, a route importing a route, and a feature importing the wiring', () => {
    expect(functionsViolation(edge('teams/membership.ts', 'bookings/engine.ts'))).toMatch(/below/);
    expect(functionsViolation(edge('bookings/member-routes.ts', 'sessions/member-routes.ts'))).toMatch(/route/);
    expect(functionsViolation(edge('sessions/member-routes.ts', 'app/services.ts'))).toMatch(/composition/);
    expect(functionsViolation(edge('db/keys.ts', 'sessions/model.ts'))).toMatch(/db imports only platform/);
  });

  it('allows a downward import and a route reading any concept', () => {
    expect(functionsViolation(edge('bookings/engine.ts', 'sessions/repository.ts'))).toBeNull();
    expect(functionsViolation(edge('sessions/admin-routes.ts', 'bookings/session-changes.ts'))).toBeNull();
    expect(functionsViolation(edge('app/services.ts', 'bookings/engine.ts'))).toBeNull();
  });

  it('finds a cycle', () => {
    const a = at('x/a.ts');
    const b = at('x/b.ts');
    expect(cycles([a, b], [edge('x/a.ts', 'x/b.ts'), edge('x/b.ts', 'x/a.ts')])).toHaveLength(1);
  });
});
