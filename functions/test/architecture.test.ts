import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  backEdges,
  castProblems,
  constructionProblems,
  cycles,
  folderGraph,
  folderOf,
  type Import,
  isRepository,
  layerProblems,
  levels,
  misplaced,
  ORDER,
  tableAccessProblems,
  violation,
} from './layers.ts';

/**
 * The layer rules of docs/ARCHITECTURE.md ("Layers"), checked on the import graph of
 * functions/src (the rules themselves are pure functions in ./layers.ts) and shared/src: which
 * folder may import which, route and view files only in api/, no route file importing another,
 * an acyclic folder graph with no edge running back up, no import cycle, and no source file over
 * 450 lines anywhere in the product.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const FUNCTIONS = join(ROOT, 'functions/src');
const SHARED = join(ROOT, 'shared/src');

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

const folderOfShared = (file: string) => relative(SHARED, file).split('/')[0]!;

/** shared/src: base modules, then schemas, then pure domain rules and i18n, then web (apps only). */
const SHARED_LAYERS: Record<string, number> = {
  'constants.ts': 0,
  'time.ts': 0,
  'errors.ts': 0,
  'envelope.ts': 0,
  'levels.ts': 0,
  schemas: 1,
  domain: 2,
  i18n: 2,
  'index.ts': 3,
  web: 4,
};

function sharedViolation({ from, to }: Edge): string | null {
  if (!to.startsWith(SHARED)) return 'shared imports only itself';
  const source = SHARED_LAYERS[folderOfShared(from)];
  const target = SHARED_LAYERS[folderOfShared(to)];
  if (source === undefined || target === undefined) return 'unknown part of shared: add it to the layers';
  return target > source ? `${folderOfShared(from)} is below ${folderOfShared(to)}` : null;
}

const functionsFiles = sourceFiles(FUNCTIONS);
const sharedFiles = sourceFiles(SHARED);
const functionsEdges = edgesOf(functionsFiles);
const sharedEdges = edgesOf(sharedFiles);
const describeEdge = (e: Edge, why: string) => `${relative(ROOT, e.from)} -> ${e.spec}: ${why}`;

/** functions/src's files and its imports inside functions/src, as paths relative to it (the checker's input). */
const inFunctions = (file: string) => relative(FUNCTIONS, file);
const functionsPaths = functionsFiles.map(inFunctions);
const functionsImports: Import[] = functionsEdges
  .filter((e) => e.to.startsWith(`${FUNCTIONS}/`))
  .map((e) => ({ from: inFunctions(e.from), to: inFunctions(e.to) }));
const ofRoot = (found: string[][], root: string) => found.map((c) => c.map((f) => relative(ROOT, join(root, f))));

describe('functions/src layering', () => {
  it('resolves every relative or aliased import to a file that exists', () => {
    // Data a module imports as JSON (notifications/service-templates.json) is a file too.
    const exists = (e: Edge) => functionsFiles.includes(e.to) || (e.to.endsWith('.json') && existsSync(e.to));
    const missing = functionsEdges.filter((e) => !exists(e) && !e.to.startsWith(SHARED));
    expect(missing.map((e) => describeEdge(e, 'no such file'))).toEqual([]);
  });

  it('imports only downwards: foundation, then concepts in order, then api views and routes, then app and entry points', () => {
    const broken = functionsEdges.flatMap((e) => {
      const why = e.to.startsWith(`${FUNCTIONS}/`)
        ? violation({ from: inFunctions(e.from), to: inFunctions(e.to) })
        : e.to.startsWith(SHARED)
          ? null
          : 'imports outside functions/src and shared/src';
      return why ? [describeEdge(e, why)] : [];
    });
    expect(broken).toEqual([]);
  });

  it('keeps route and view files in api/, out of the concept folders', () => {
    expect(functionsPaths.flatMap((f) => (misplaced(f) ? [f] : []))).toEqual([]);
  });

  it('has a folder graph with no edge running back up and no cycle', () => {
    const graph = folderGraph(functionsImports);
    expect(backEdges(graph)).toEqual([]);
    const folderEdges = [...graph].flatMap(([from, targets]) => [...targets].map((to) => ({ from, to })));
    expect(cycles([...graph.keys()], folderEdges)).toEqual([]);
    expect([...levels(graph).values()].every(Number.isInteger)).toBe(true);
  });

  it('has no import cycle', () => {
    expect(ofRoot(cycles(functionsPaths, functionsImports), FUNCTIONS)).toEqual([]);
  });

  it('names every folder in the layer list', () => {
    const folders = new Set(functionsPaths.map(folderOf));
    expect([...folders].filter((f) => !ORDER.includes(f))).toEqual([]);
  });
});

/** Every TypeScript file of the tests (casts to stored types are refused there too). */
const testFiles = ['functions/test', 'tests'].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(ROOT, dir, name)),
);

describe('functions/src storage boundary', () => {
  it('sends table commands only from db/ and the repositories; the api layer imports no AWS SDK', () => {
    const problems = functionsFiles.flatMap((file) =>
      tableAccessProblems(inFunctions(file), readFileSync(file, 'utf8')),
    );
    expect(problems).toEqual([]);
  });

  it('casts nothing a read returned to a stored type outside db/, in the product or its tests', () => {
    const product = functionsFiles
      .filter((file) => folderOf(inFunctions(file)) !== 'db')
      .flatMap((file) => castProblems(relative(ROOT, file), readFileSync(file, 'utf8')));
    const tests = testFiles.flatMap((file) => castProblems(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect([...product, ...tests]).toEqual([]);
  });

  it('has repositories where the table is used: every concept folder that reads or writes items names one', () => {
    const sending = functionsFiles
      .map(inFunctions)
      .filter((f) => /\bdoc\s*\.\s*send\s*\(/.test(readFileSync(join(FUNCTIONS, f), 'utf8')));
    expect(sending.filter((f) => !isRepository(f))).toEqual([]);
    expect(sending.some((f) => f.startsWith('sessions/'))).toBe(true);
  });
});

describe('functions/src composition root', () => {
  it('builds repositories and engines only in app/, handlers/ and local/ (docs/ARCHITECTURE.md, "Composition root")', () => {
    // Domain classes and functions receive the repositories and engines they use: none is built
    // anywhere else (once 36 constructions in domain files; issue 29).
    const found = functionsFiles.flatMap((file) => constructionProblems(inFunctions(file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches a planted construction in a domain file, and allows it in the composition root', () => {
    const text = 'const sessions = new SessionRepository(deps.store);\nconst engine = new BookingEngine({ store });\n';
    expect(constructionProblems('line/postbacks.ts', text)).toEqual([
      'line/postbacks.ts: builds its own SessionRepository (take it from the composition root, app/factories.ts)',
      'line/postbacks.ts: builds its own BookingEngine (take it from the composition root, app/factories.ts)',
    ]);
    expect(constructionProblems('api/admin/teams.ts', text)).toHaveLength(2);
    expect(constructionProblems('app/factories.ts', text)).toEqual([]);
    expect(constructionProblems('handlers/notifier-deps.ts', text)).toEqual([]);
    expect(constructionProblems('local/seed.ts', text)).toEqual([]);
    // Comments and other classes are no construction.
    expect(
      constructionProblems('bookings/engine.ts', '// new SessionRepository(store)\nnew LineFollowers(store);'),
    ).toEqual([]);
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
    const inShared = (file: string) => relative(SHARED, file);
    const imports = sharedEdges
      .filter((e) => e.to.startsWith(SHARED))
      .map((e) => ({ from: inShared(e.from), to: inShared(e.to) }));
    expect(ofRoot(cycles(sharedFiles.map(inShared), imports), SHARED)).toEqual([]);
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
  it('refuses an upward import, a route importing a route, a domain module importing the api, and a feature importing the wiring', () => {
    expect(violation({ from: 'teams/membership-repository.ts', to: 'bookings/engine.ts' })).toMatch(/below/);
    expect(violation({ from: 'api/member/bookings.ts', to: 'api/member/sessions.ts' })).toMatch(/route/);
    expect(violation({ from: 'api/admin/sessions.ts', to: 'api/member/sessions.ts' })).toMatch(/route/);
    expect(violation({ from: 'api/views/teams.ts', to: 'api/admin/teams.ts' })).toMatch(/route/);
    expect(violation({ from: 'sessions/model.ts', to: 'api/views/bookings.ts' })).toMatch(/api layer/);
    expect(violation({ from: 'api/member/sessions.ts', to: 'app/services.ts' })).toMatch(/composition/);
    expect(violation({ from: 'db/keys.ts', to: 'sessions/model.ts' })).toMatch(/db imports only platform/);
    expect(violation({ from: 'widgets/a.ts', to: 'db/keys.ts' })).toMatch(/unknown folder widgets/);
  });

  it('allows a downward import, a route reading any concept and a view, and app mounting routes', () => {
    expect(violation({ from: 'bookings/engine.ts', to: 'sessions/repository.ts' })).toBeNull();
    expect(violation({ from: 'api/admin/sessions.ts', to: 'bookings/session-changes.ts' })).toBeNull();
    expect(violation({ from: 'api/member/sessions.ts', to: 'api/views/bookings.ts' })).toBeNull();
    expect(violation({ from: 'app/member-api.ts', to: 'api/member/bookings.ts' })).toBeNull();
    expect(violation({ from: 'app/services.ts', to: 'bookings/engine.ts' })).toBeNull();
  });

  it('refuses a route or view file inside a concept folder', () => {
    expect(misplaced('bookings/member-routes.ts')).toMatch(/api/);
    expect(misplaced('sessions/admin-views.ts')).toMatch(/api/);
    expect(misplaced('api/member/bookings.ts')).toBeNull();
  });

  it('finds a cycle', () => {
    const edges = [
      { from: 'x/a.ts', to: 'x/b.ts' },
      { from: 'x/b.ts', to: 'x/a.ts' },
    ];
    expect(cycles(['x/a.ts', 'x/b.ts'], edges)).toHaveLength(1);
  });

  it('reports a planted upward import on a small graph, and nothing once it is gone', () => {
    const files = [
      'platform/clock.ts',
      'teams/membership-repository.ts',
      'bookings/engine.ts',
      'api/member/bookings.ts',
    ];
    const clean: Import[] = [
      { from: 'teams/membership-repository.ts', to: 'platform/clock.ts' },
      { from: 'bookings/engine.ts', to: 'teams/membership-repository.ts' },
      { from: 'api/member/bookings.ts', to: 'bookings/engine.ts' },
    ];
    expect(layerProblems(files, clean)).toEqual([]);
    expect(levels(folderGraph(clean))).toEqual(
      new Map([
        ['teams', 1],
        ['platform', 0],
        ['bookings', 2],
        ['api/member', 3],
      ]),
    );

    const planted = [...clean, { from: 'teams/membership-repository.ts', to: 'bookings/engine.ts' }];
    const problems = layerProblems(files, planted);
    expect(problems).toContain('teams/membership-repository.ts -> bookings/engine.ts: teams is below bookings');
    expect(problems).toContain('folder edge runs back up: teams -> bookings');
    expect(problems.some((p) => p.startsWith('folder cycle:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('import cycle:'))).toBe(true);
  });

  it('refuses table commands outside db/ and the repositories, and any SDK import in the api layer', () => {
    const command = "import { GetCommand } from '@aws-sdk/lib-dynamodb';\n";
    const send = 'const { Item } = await this.store.doc\n  .send(new GetCommand({ TableName, Key }));\n';
    // A domain file holding its own read: both the import and the call are caught.
    expect(tableAccessProblems('teams/line-binding.ts', command + send)).toEqual([
      'teams/line-binding.ts: sends to the table (doc.send) outside db/ and the repositories',
      'teams/line-binding.ts: imports table commands (GetCommand) outside db/ and the repositories',
    ]);
    // A route file running its own index query (what api/member/player-account.ts once did).
    const route =
      "import { QueryCommand } from '@aws-sdk/lib-dynamodb';\nawait s.store.doc.send(new QueryCommand(q));\n";
    expect(tableAccessProblems('api/member/player-account.ts', route)).toEqual([
      'api/member/player-account.ts: sends to the table (doc.send) outside db/ and the repositories',
      'api/member/player-account.ts: the api layer imports the AWS SDK (@aws-sdk/lib-dynamodb)',
    ]);
    expect(violation({ from: 'api/admin/exports.ts', to: 'db/query.ts' })).toMatch(/never the table/);
    expect(violation({ from: 'api/views/teams.ts', to: 'db/codecs/teams.ts' })).toMatch(/never the table/);
    // The same text in a repository or db/ is where it belongs; types and errors are no commands.
    expect(tableAccessProblems('teams/line-binding-repository.ts', command + send)).toEqual([]);
    expect(tableAccessProblems('teams/repository.ts', command + send)).toEqual([]);
    expect(tableAccessProblems('db/query.ts', command + send)).toEqual([]);
    expect(
      tableAccessProblems(
        'platform/retry.ts',
        "import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';",
      ),
    ).toEqual([]);
    expect(tableAccessProblems('rotation/live.ts', "import type { GetCommand } from '@aws-sdk/lib-dynamodb';")).toEqual(
      [],
    );
    expect(violation({ from: 'api/admin/bookings.ts', to: 'db/keys.ts' })).toBeNull();
    expect(isRepository('teams/membership-repository.ts')).toBe(true);
    expect(isRepository('api/member/repository.ts')).toBe(false);
  });

  it('refuses a cast to a stored type, and nothing else', () => {
    // Built from parts, so this file holds no cast itself.
    const cast = (type: string) => ['as', type].join(' ');
    const text = `const session = Item ${cast('SessionRecord')};\nconst out = raw ${cast('OutboxItem')} | undefined;\n`;
    expect(castProblems('sessions/model.ts', text)).toEqual([
      `sessions/model.ts:1: casts to a stored type (${cast('SessionRecord')}): decode it with its codec (db/codecs)`,
      `sessions/model.ts:2: casts to a stored type (${cast('OutboxItem')}): decode it with its codec (db/codecs)`,
    ]);
    expect(
      castProblems(
        'x.ts',
        `const a = b ${cast('const')};\nconst c = d ${cast('Recorder')};\nconst e = f ${cast('Items')};`,
      ),
    ).toEqual([]);
  });

  it('reports an upward folder edge even when no single rule names it', () => {
    const graph = folderGraph([{ from: 'sessions/model.ts', to: 'outbox/model.ts' }]);
    expect(backEdges(graph)).toEqual(['sessions -> outbox']);
  });
});
