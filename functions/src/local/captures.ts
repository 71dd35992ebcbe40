import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { MiniAppChannel } from '#line/notifier.ts';
import type { CaptureEmailSender } from '#platform/email.ts';
import { createNotifierCapture } from './notifier-capture.ts';

export interface CapturedLineRequest {
  method: string;
  path: string;
  /** The query string without its `?` (`target=service`), empty when there is none. */
  query: string;
  headers: Record<string, string>;
  /** Parsed JSON, the raw text, or for a binary upload (rich menu image) its type and size. */
  body: unknown;
  receivedAt: string;
  /** The bytes of a binary upload; kept out of /dev/line-pushes. */
  data?: Uint8Array;
}

const LINE_API_PATHS = ['/dev/line-api/*', '/v2/bot/*', '/v2/profile', '/message/v3/*', '/oauth2/v3/token'];

/** The LINE MINI App channel of `npm start` and the tests (the capture issues its stateless tokens). */
export const LOCAL_MINI_APP_CHANNEL: MiniAppChannel = {
  channelId: '1650000001',
  channelSecret: 'local-mini-app-channel-secret',
};

/**
 * Stands in for api.line.me and api-data.line.me locally: the real `@line/bot-sdk` clients are
 * pointed here with `baseURL`. bot-sdk drops the path of its baseURL, so its calls arrive at
 * `/v2/bot/*`; `/dev/line-api/*` takes the same calls under an explicit prefix. Tests check the
 * exact requests that left the process. Rich menus, their aliases and per-user links are kept
 * (create, list, delete, link), so the rich menu setup finds and replaces its earlier menus and
 * the notifier links a player's menu as against LINE. The LINE MINI App notifier, its stateless
 * channel token and the profile of a LIFF access token answer as LINE's do (notifier-capture.ts).
 */
export function createLineCapture(options: { miniAppChannel?: MiniAppChannel; now?: () => Date } = {}) {
  const requests: CapturedLineRequest[] = [];
  const notifier = createNotifierCapture(options.miniAppChannel ?? LOCAL_MINI_APP_CHANNEL, options.now);
  const richMenus = new Map<string, Record<string, unknown>>();
  /** Rich menu alias id -> rich menu id. */
  const aliases = new Map<string, string>();
  /** LINE user id -> the rich menu linked to them alone. */
  const userMenus = new Map<string, string>();
  const app = new Hono();
  app.post('/dev/liff-access-token', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { sub?: unknown } | null;
    const sub = typeof body?.sub === 'string' ? body.sub : '';
    if (!/^U[0-9a-zA-Z]{1,64}$/.test(sub)) return c.json({ message: 'sub must be a LINE user id (U…)' }, 400);
    return c.json({ liffAccessToken: notifier.liffAccessToken(sub) });
  });
  for (const route of LINE_API_PATHS) {
    app.all(route, async (c) => {
      const path = c.req.path.replace(/^\/dev\/line-api/, '');
      const query = new URL(c.req.url).search.replace(/^\?/, '');
      const contentType = c.req.header('content-type') ?? '';
      const headers: Record<string, string> = {};
      for (const name of ['x-line-retry-key', 'content-type', 'authorization']) {
        const value = c.req.header(name);
        if (value) headers[name] = name === 'authorization' ? value.replace(/Bearer .+/, 'Bearer ***') : value;
      }
      let body: unknown = null;
      let data: Uint8Array | undefined;
      let form: URLSearchParams | undefined;
      if (/^(image|video|audio)\//.test(contentType)) {
        data = new Uint8Array(await c.req.arrayBuffer());
        body = { contentType, byteLength: data.byteLength };
      } else if (contentType.startsWith('application/x-www-form-urlencoded')) {
        form = new URLSearchParams(await c.req.text());
        body = Object.fromEntries([...form].map(([name, value]) => [name, name === 'client_secret' ? '***' : value]));
      } else {
        const text = await c.req.text();
        body = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          /* keep the raw text */
        }
      }
      requests.push({ method: c.req.method, path, query, headers, body, receivedAt: new Date().toISOString(), data });
      if (requests.length > 1000) requests.shift();

      const authorization = c.req.header('authorization');
      const notifierAnswer = notifier.answer({ method: c.req.method, path, query, authorization, body, form });
      if (notifierAnswer) return c.json(notifierAnswer.json, notifierAnswer.status);

      if (c.req.method === 'POST' && path === '/v2/bot/richmenu') {
        const richMenuId = `richmenu-${randomUUID().replaceAll('-', '')}`;
        richMenus.set(richMenuId, { ...(body as Record<string, unknown>), richMenuId });
        return c.json({ richMenuId });
      }
      if (c.req.method === 'GET' && path === '/v2/bot/richmenu/list') {
        return c.json({ richmenus: [...richMenus.values()] });
      }
      const aliasAnswer = richMenuAliasCall(c.req.method, path, body, richMenus, aliases);
      if (aliasAnswer) return c.json(aliasAnswer.json, aliasAnswer.status);
      // Linking a menu to one user: kept, so a test or /dev shows who has which menu.
      const link = /^\/v2\/bot\/user\/(U[^/]+)\/richmenu(?:\/(richmenu-[^/]+))?$/.exec(path);
      if (link) {
        const userId = link[1]!;
        const linked = link[2];
        if (c.req.method === 'POST' && linked) {
          if (!richMenus.has(linked)) return c.json({ message: 'Not found' }, 404);
          userMenus.set(userId, linked);
        }
        if (c.req.method === 'DELETE') userMenus.delete(userId);
        return c.json({});
      }
      // A group's summary (read when a group is bound): a plausible name, as LINE answers.
      const summaryOf = /^\/v2\/bot\/group\/([^/]+)\/summary$/.exec(path)?.[1];
      if (c.req.method === 'GET' && summaryOf) {
        return c.json({ groupId: summaryOf, groupName: `羽球群組 ${summaryOf.slice(-4)}`, pictureUrl: '' });
      }
      const menu = /^\/v2\/bot\/(?:user\/all\/)?richmenu\/(richmenu-[^/]+)/.exec(path)?.[1];
      if (menu && !richMenus.has(menu)) return c.json({ message: 'Not found' }, 404);
      if (menu && c.req.method === 'DELETE') richMenus.delete(menu);
      return c.json({});
    });
  }
  return { app, requests, richMenus, aliases, userMenus, serviceMessages: notifier.sent };
}

/**
 * The rich menu alias calls as LINE answers them: create (400 when the alias exists or the
 * menu does not), update, get (404 when unknown), list and delete. Null: not an alias call.
 */
function richMenuAliasCall(
  method: string,
  path: string,
  body: unknown,
  richMenus: ReadonlyMap<string, unknown>,
  aliases: Map<string, string>,
): { json: unknown; status: 200 | 400 | 404 } | null {
  const fields = (body ?? {}) as { richMenuAliasId?: string; richMenuId?: string };
  if (path === '/v2/bot/richmenu/alias/list' && method === 'GET') {
    return {
      json: { aliases: [...aliases].map(([richMenuAliasId, richMenuId]) => ({ richMenuAliasId, richMenuId })) },
      status: 200,
    };
  }
  if (path === '/v2/bot/richmenu/alias' && method === 'POST') {
    const { richMenuAliasId, richMenuId } = fields;
    if (!richMenuAliasId || !richMenuId || aliases.has(richMenuAliasId) || !richMenus.has(richMenuId)) {
      return { json: { message: 'conflict richmenu alias id or rich menu not found' }, status: 400 };
    }
    aliases.set(richMenuAliasId, richMenuId);
    return { json: {}, status: 200 };
  }
  const aliasId = /^\/v2\/bot\/richmenu\/alias\/([^/]+)$/.exec(path)?.[1];
  if (!aliasId) return null;
  const current = aliases.get(aliasId);
  if (!current) return { json: { message: 'richmenu alias not found' }, status: 404 };
  if (method === 'GET') return { json: { richMenuAliasId: aliasId, richMenuId: current }, status: 200 };
  if (method === 'DELETE') aliases.delete(aliasId);
  if (method === 'POST') {
    if (!fields.richMenuId || !richMenus.has(fields.richMenuId)) return { json: { message: 'Not found' }, status: 400 };
    aliases.set(aliasId, fields.richMenuId);
  }
  return { json: {}, status: 200 };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** `/dev`: what the local product sent, for a person trying it out, and JSON for tests. */
export function createDevPage(
  emails: CaptureEmailSender,
  line: ReturnType<typeof createLineCapture>,
  liffId: string,
  miniApp = false,
) {
  const app = new Hono();
  // Messages carry production LIFF (or MINI App) links; here they open on this origin, where the LIFF mock serves the app.
  const liffLink = new RegExp(`https://${miniApp ? 'miniapp' : 'liff'}\\.line\\.me/${liffId}(/[^"\\s<&]*)?`, 'g');
  const linked = (html: string) => html.replace(liffLink, (url, path = '/') => `<a href="${path}">${url}</a>`);
  app.get('/dev/emails', (c) => c.json(emails.sent));
  app.get('/dev/line-pushes', (c) => c.json(line.requests.map(({ data: _data, ...request }) => request)));
  // LINE MINI App service messages as LINE delivered them (docs/LINE.md, "Service messages").
  app.get('/dev/service-messages', (c) => c.json(line.serviceMessages));
  app.get('/dev', (c) => {
    const emailRows = [...emails.sent]
      .reverse()
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td><td><pre>${linked(escapeHtml(m.text))}</pre></td></tr>`,
      )
      .join('');
    const lineRows = [...line.requests]
      .reverse()
      .map(
        (r) =>
          `<tr><td>${escapeHtml(r.receivedAt)}</td><td>${escapeHtml(`${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`)}</td><td><pre>${linked(escapeHtml(JSON.stringify(r.body, null, 2)))}</pre></td></tr>`,
      )
      .join('');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local captures</title>
<meta http-equiv="refresh" content="10">
<style>body{font:14px system-ui;margin:2rem;color:#1f2937}table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border:1px solid #e5e7eb;padding:.4rem;vertical-align:top;text-align:left}pre{margin:0;white-space:pre-wrap}</style>
</head><body><h1>Local captures</h1><p>Every email and LINE Messaging API request the local product sent. JSON: <a href="/dev/emails">/dev/emails</a>, <a href="/dev/line-pushes">/dev/line-pushes</a>.</p>
<h2>Emails (${emails.sent.length})</h2><table><tr><th>Sent</th><th>To</th><th>Subject</th><th>Text</th></tr>${emailRows}</table>
<h2>LINE pushes (${line.requests.length})</h2><table><tr><th>Received</th><th>Call</th><th>Body</th></tr>${lineRows}</table></body></html>`);
  });
  return app;
}
