/**
 * The layer rules of functions/src (docs/ARCHITECTURE.md, "functions/src: layers"), as pure
 * functions over paths relative to functions/src, so the architecture test can run them on the
 * real import graph and on a planted one. Layers, lowest first:
 *
 *   foundation  platform, db
 *   concepts    the domain folders in CONCEPTS order: repositories, rules, engines; no route or view
 *   api         api/views (response shapes), then api/member and api/admin (route files)
 *   entry       app (composition), then handlers and local (never each other)
 */

const FOUNDATION = ['platform', 'db'] as const;

/** Concept folders, lowest first: a concept imports only the foundation and the concepts before it. */
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
  'rotation',
  'access',
] as const;

/** The api layer: views are shared by the route files above them; route files never import each other. */
const API = ['api/views', 'api/member', 'api/admin'] as const;
const ENTRY = ['app', 'handlers', 'local'] as const;

/** Every folder of functions/src in layer order, lowest first. */
export const ORDER: readonly string[] = [...FOUNDATION, ...CONCEPTS, ...API, ...ENTRY];

export interface Import {
  /** The importing file, relative to functions/src. */
  from: string;
  /** The imported file, relative to functions/src. */
  to: string;
}

const has = (list: readonly string[], item: string) => list.includes(item);
const ROUTE_FOLDERS: readonly string[] = ['api/member', 'api/admin'];
/** What of db/ the api layer may import: key formats (idempotency scopes) and the `Store` it hands on. */
const API_MAY_USE_FROM_DB: readonly string[] = ['db/keys.ts', 'db/client.ts'];

/** The folder a file belongs to in the layer order: its top-level folder, or `api/<part>` inside api/. */
export function folderOf(path: string): string {
  const [top, sub] = path.split('/');
  return top === 'api' && sub !== undefined && path.split('/').length > 2 ? `api/${sub}` : top!;
}

/** Why a file sits in the wrong place (a route or view file inside a concept folder), or null. */
export function misplaced(path: string): string | null {
  const name = path.split('/').at(-1)!;
  if (has(CONCEPTS, folderOf(path)) && /(^|-)(routes|views)\.ts$/.test(name)) {
    return 'route and view files live in api/member, api/admin or api/views';
  }
  return null;
}

/** Why one import breaks the layer rules, or null when it is allowed. */
export function violation({ from, to }: Import): string | null {
  const source = folderOf(from);
  const target = folderOf(to);
  if (source === 'handlers') return target === 'local' ? 'handlers never import the local server' : null;
  if (source === 'local') return target === 'handlers' ? 'the local server never imports Lambda handlers' : null;
  if (source === 'app') return target === 'handlers' || target === 'local' ? 'app never imports its callers' : null;
  if (!has(ORDER, source)) return `unknown folder ${source}: add it to the layers in docs/ARCHITECTURE.md`;
  if (!has(ORDER, target)) return `unknown folder ${target}`;
  if (has(ENTRY, target)) return `${source} imports the composition layer (${target})`;
  if (source === 'platform') return target === 'platform' ? null : 'platform imports nothing of the product';
  if (source === 'db') return target === 'db' || target === 'platform' ? null : 'db imports only platform';
  if (has(API, source) && target === 'db' && !has(API_MAY_USE_FROM_DB, to)) {
    return 'the api layer reads and writes through repositories, never the table (db/)';
  }
  if (has(FOUNDATION, target)) return null;
  if (has(ROUTE_FOLDERS, target)) return 'route files are mounted by app/, never imported';
  if (has(CONCEPTS, source) && has(API, target)) return `domain modules never import the api layer (${target})`;
  if (source === 'api/views' && target !== 'api/views' && !has(CONCEPTS, target)) return 'views import only concepts';
  return ORDER.indexOf(target) > ORDER.indexOf(source) ? `${source} is below ${target}` : null;
}

/**
 * Whether a file may send commands to the table (docs/ARCHITECTURE.md, "Storage"): db/, and the
 * repositories of the concept folders, named `repository.ts` or `<name>-repository.ts`.
 */
export function isRepository(path: string): boolean {
  const folder = folderOf(path);
  const name = path.split('/').at(-1)!;
  return folder === 'db' || (has(CONCEPTS, folder) && (name === 'repository.ts' || name.endsWith('-repository.ts')));
}

/** `doc.send(`, however it is spaced or split over lines. */
const SENDS = /\bdoc\s*\.\s*send\s*\(/;
const SDK_IMPORT = /^\s*import\s+(type\s+)?\{([^}]*)\}\s*from\s*'(@aws-sdk\/[^']+)'/gm;
/** A cast to a stored record or item type (a name ending in Record or Item): decode with its codec instead. */
const STORED_CAST = /\bas\s+[A-Z][A-Za-z]*(?:Record|Item)\b/;

/** The SDK modules of the table (the document client's commands and the low-level client's). */
const TABLE_SDK = ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'];

/**
 * Why a file's text breaks the table access rules (docs/ARCHITECTURE.md, "Storage"), one line
 * each: table commands (`doc.send`, an imported `…Command` of the table's SDK) outside db/ and
 * the repositories, and any AWS SDK import in the api layer. `path` is relative to functions/src.
 */
export function tableAccessProblems(path: string, text: string): string[] {
  const problems: string[] = [];
  const folder = folderOf(path);
  const inApi = has(API, folder);
  if (!isRepository(path) && SENDS.test(text)) {
    problems.push(`${path}: sends to the table (doc.send) outside db/ and the repositories`);
  }
  for (const [, typeOnly, names, module] of text.matchAll(SDK_IMPORT)) {
    if (inApi) {
      problems.push(`${path}: the api layer imports the AWS SDK (${module})`);
      continue;
    }
    const commands = typeOnly
      ? []
      : names!
          .split(',')
          .map((n) => n.trim())
          .filter((n) => !n.startsWith('type ') && /Command$/.test(n));
    if (!isRepository(path) && TABLE_SDK.includes(module!) && commands.length > 0) {
      problems.push(`${path}: imports table commands (${commands.join(', ')}) outside db/ and the repositories`);
    }
  }
  return problems;
}

/**
 * Every cast to a stored type in a file's text, as `path:line`: what a read returned is decoded by
 * its codec (db/codecs), never cast. Anywhere but functions/src/db, tests included.
 */
export function castProblems(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const cast = STORED_CAST.exec(line);
    return cast ? [`${path}:${i + 1}: casts to a stored type (${cast[0]}): decode it with its codec (db/codecs)`] : [];
  });
}

/** The folder graph: folder A -> folder B when any file in A imports any file in B (no self edges). */
/** Folders of the composition root: only they build repositories and engines (docs/ARCHITECTURE.md, "Composition root"). */
const COMPOSITION = new Set(['app', 'handlers', 'local']);
const CONSTRUCTION = /\bnew\s+([A-Z][A-Za-z]*(?:Repository|Engine))\s*\(/g;

/**
 * Each `new XRepository(` / `new XEngine(` in a file outside app/, handlers/ and local/: domain
 * classes and routes receive what they use from the composition root instead of building it.
 */
export function constructionProblems(path: string, text: string): string[] {
  if (COMPOSITION.has(folderOf(path))) return [];
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  return [...code.matchAll(CONSTRUCTION)].map(
    (m) => `${path}: builds its own ${m[1]} (take it from the composition root, app/factories.ts)`,
  );
}

export function folderGraph(imports: readonly Import[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const a = folderOf(from);
    const b = folderOf(to);
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    if (a !== b) graph.get(a)!.add(b);
  }
  return graph;
}

/** Folder edges that run back up the layer order (to a folder above the importer, or an unknown one). */
export function backEdges(graph: Map<string, Set<string>>): string[] {
  return [...graph].flatMap(([from, targets]) =>
    [...targets]
      .filter((to) => !has(ORDER, from) || !has(ORDER, to) || ORDER.indexOf(to) > ORDER.indexOf(from))
      .map((to) => `${from} -> ${to}`),
  );
}

/** Each folder's level: 0 when it imports no other folder, else one above the highest folder it imports. */
export function levels(graph: Map<string, Set<string>>): Map<string, number> {
  const level = new Map<string, number>();
  const visiting = new Set<string>();
  const of = (folder: string): number => {
    const known = level.get(folder);
    if (known !== undefined) return known;
    if (visiting.has(folder)) return Number.NaN; // a cycle: cycles() reports it
    visiting.add(folder);
    const value = Math.max(-1, ...[...(graph.get(folder) ?? [])].map(of)) + 1;
    visiting.delete(folder);
    level.set(folder, value);
    return value;
  };
  for (const folder of graph.keys()) of(folder);
  return level;
}

/** Every cycle among the nodes, each as its strongly connected component (Tarjan). */
export function cycles(nodes: readonly string[], edges: readonly Import[]): string[][] {
  const next = new Map(nodes.map((n) => [n, [] as string[]]));
  for (const { from, to } of edges) if (next.has(to)) next.get(from)?.push(to);
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
      if (component.length > 1 || next.get(v)!.includes(v)) found.push(component);
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return found;
}

/** Every breach of the layer rules in a set of files and their imports; empty when the layering holds. */
export function layerProblems(files: readonly string[], imports: readonly Import[]): string[] {
  const graph = folderGraph(imports);
  const folderEdges = [...graph].flatMap(([from, targets]) => [...targets].map((to) => ({ from, to })));
  return [
    ...files.flatMap((file) => {
      const why = misplaced(file);
      return why ? [`${file}: ${why}`] : [];
    }),
    ...imports.flatMap((edge) => {
      const why = violation(edge);
      return why ? [`${edge.from} -> ${edge.to}: ${why}`] : [];
    }),
    ...backEdges(graph).map((edge) => `folder edge runs back up: ${edge}`),
    ...cycles([...graph.keys()], folderEdges).map((c) => `folder cycle: ${c.join(', ')}`),
    ...cycles(files, imports).map((c) => `import cycle: ${c.join(', ')}`),
  ];
}
