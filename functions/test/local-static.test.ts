import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../../tests/support/scratch.ts';
import { mountWeb, pickEncoding } from '../src/local/static.ts';
import { contentSecurityPolicy, ROBOTS_TXT } from '../src/platform/security-headers.ts';

/** The local server's web side (functions/src/local/static.ts) on stand-in builds, as `npm start` mounts it. */
let app: Hono;
const script = `console.log(${JSON.stringify('shuttle '.repeat(400))});`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;

beforeAll(() => {
  const root = scratchDir('static-');
  const build = (name: string) => {
    const dist = join(root, name);
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    return dist;
  };
  app = new Hono();
  mountWeb(app, { apiBase: '/api', liffId: 'local' }, { member: build('member'), admin: build('admin') });
});

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('local server, serving like CloudFront', () => {
  it('compresses with brotli or gzip as the client accepts, and not at all otherwise', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(brBody).toString()).toBe(script);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);

    const index = await get('/sessions/today', 'br');
    expect(index.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await index.arrayBuffer())).toString()).toBe(html);
  });

  it('leaves small files uncompressed', async () => {
    const icon = await get('/favicon.svg', 'br');
    expect(icon.headers.get('content-encoding')).toBeNull();
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('reads Accept-Encoding like a browser sends it, q-values included', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('caches hashed assets for a year and revalidates index.html, app-config.json and robots.txt', async () => {
    for (const path of ['/assets/index-abc123.js', '/admin/assets/index-abc123.js']) {
      expect((await get(path)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    for (const path of [
      '/',
      '/sessions/today',
      '/admin/',
      '/admin/members',
      '/app-config.json',
      '/robots.txt',
      '/favicon.svg',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers /robots.txt with the real file, not the app', async () => {
    const res = await get('/robots.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(ROBOTS_TXT);
    expect(ROBOTS_TXT).toMatch(/^User-agent: \*$/m);
    expect(ROBOTS_TXT).toMatch(/^Disallow: \/admin\/$/m);
  });

  it('sends the same security headers and CSP as CloudFront on every app response', async () => {
    for (const path of ['/', '/admin/', '/assets/index-abc123.js', '/app-config.json', '/robots.txt']) {
      const res = await get(path);
      expect(res.headers.get('content-security-policy'), path).toBe(contentSecurityPolicy());
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
    expect(contentSecurityPolicy()).toMatch(/default-src 'self'/);
    expect(contentSecurityPolicy()).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(contentSecurityPolicy()).toMatch(/frame-ancestors 'none'/);
  });

  it('serves the runtime configuration as JSON', async () => {
    const res = await get('/app-config.json');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ apiBase: '/api', liffId: 'local' });
  });
});
