import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves a built single-page app under `mount`: files when they exist, `index.html` for any
 * other path (client-side routes, and the member app's fallback for unknown paths).
 */
export function spa(root: string, mount: string, notBuiltMessage: string) {
  return async (c: Context) => {
    const relative = decodeURIComponent(c.req.path.slice(mount.length)).replace(/^\/+/, '');
    const target = normalize(join(root, relative));
    if (!target.startsWith(root)) return c.text('Not found', 404);
    const file = await stat(target).catch(() => null);
    if (file?.isFile()) {
      const hashed = /\/assets\//.test(target);
      return c.body(await readFile(target), 200, {
        'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    const index = await readFile(join(root, 'index.html')).catch(() => null);
    if (!index) return c.text(notBuiltMessage, 503);
    return c.body(index, 200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' });
  };
}
