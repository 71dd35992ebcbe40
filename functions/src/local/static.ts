import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { IMMUTABLE_CACHE_CONTROL, NO_CACHE_CONTROL, ROBOTS_TXT, securityHeaders } from '#platform/security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Text types worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|javascript)|image\/svg\+xml)/;
/** Below this, compression costs more than it saves (CloudFront's own floor is 1,000 bytes). */
const MIN_COMPRESS_BYTES = 1000;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Compressed bodies by encoding, path and modification time: each built file is compressed once. */
const compressed = new Map<string, Buffer>();

/** The encoding to answer with, as CloudFront picks it: brotli, then gzip, when the client accepts it. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0)) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * Answers like CloudFront in front of the bucket does (infra/lib/constructs/web.ts): the shared
 * security headers, the given Cache-Control, and a brotli or gzip body when the client accepts one.
 */
export async function sendFile(
  c: Context,
  body: Buffer,
  options: { type: string; cacheControl: string; cacheKey?: string },
): Promise<Response> {
  const headers: Record<string, string> = {
    ...securityHeaders(),
    'content-type': options.type,
    'cache-control': options.cacheControl,
    vary: 'Accept-Encoding',
  };
  const encoding =
    COMPRESSIBLE.test(options.type) &&
    body.length >= MIN_COMPRESS_BYTES &&
    pickEncoding(c.req.header('accept-encoding'));
  if (!encoding) return c.body(new Uint8Array(body), 200, headers);
  const key = options.cacheKey ? `${encoding}:${options.cacheKey}` : undefined;
  let packed = key ? compressed.get(key) : undefined;
  if (!packed) {
    packed =
      encoding === 'br'
        ? await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gz(body, { level: 9 });
    if (key) compressed.set(key, packed);
  }
  return c.body(new Uint8Array(packed), 200, { ...headers, 'content-encoding': encoding });
}

/**
 * Serves a built single-page app under `mount`: files when they exist (hashed `assets/*`
 * immutable for a year, the rest revalidated), `index.html` for any other path (client-side
 * routes, and the member app's fallback for unknown paths).
 */
export function spa(root: string, mount: string, notBuiltMessage: string) {
  return async (c: Context) => {
    const relative = decodeURIComponent(c.req.path.slice(mount.length)).replace(/^\/+/, '');
    const target = normalize(join(root, relative));
    if (!target.startsWith(root)) return c.text('Not found', 404);
    const file = await stat(target).catch(() => null);
    if (file?.isFile()) {
      const hashed = target.startsWith(join(root, 'assets/'));
      return sendFile(c, await readFile(target), {
        type: TYPES[extname(target)] ?? 'application/octet-stream',
        cacheControl: hashed ? IMMUTABLE_CACHE_CONTROL : NO_CACHE_CONTROL,
        cacheKey: `${target}:${file.mtimeMs}`,
      });
    }
    const indexPath = join(root, 'index.html');
    const index = await readFile(indexPath).catch(() => null);
    if (!index) return c.text(notBuiltMessage, 503);
    return sendFile(c, index, { type: TYPES['.html']!, cacheControl: NO_CACHE_CONTROL });
  };
}

export interface AppBuildDirs {
  member: string;
  admin: string;
}

/**
 * The web side of the local server, as on AWS: `/robots.txt`, `/app-config.json` (revalidated on
 * every load) and, when `builds` are given, the admin app at `/admin/` and the member app at `/`.
 */
export function mountWeb(app: Hono, appConfig: Record<string, unknown>, builds?: AppBuildDirs): void {
  app.get('/robots.txt', (c) =>
    sendFile(c, Buffer.from(ROBOTS_TXT), { type: TYPES['.txt']!, cacheControl: NO_CACHE_CONTROL }),
  );
  // Runtime configuration of the member app: the same build runs locally and on AWS.
  app.get('/app-config.json', (c) =>
    sendFile(c, Buffer.from(JSON.stringify(appConfig)), { type: TYPES['.json']!, cacheControl: NO_CACHE_CONTROL }),
  );
  if (!builds) return;
  const admin = spa(builds.admin, '/admin', 'The admin app is not built yet: run `npm run build -w admin-app`.');
  app.get('/admin', admin);
  app.get('/admin/*', admin);
  app.get('*', spa(builds.member, '', 'The member app is not built yet: run `npm run build -w liff-app`.'));
}
