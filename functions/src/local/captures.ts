import { Hono } from 'hono';
import type { CaptureEmailSender } from '#platform/email.ts';

export interface CapturedLineRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  receivedAt: string;
}

/**
 * Stands in for api.line.me locally: the real `@line/bot-sdk` client is pointed here with
 * `baseURL`, so tests check the exact request that left the process.
 */
export function createLineCapture() {
  const requests: CapturedLineRequest[] = [];
  const app = new Hono();
  app.all('/dev/line-api/*', async (c) => {
    const text = await c.req.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* keep the raw text */
    }
    const headers: Record<string, string> = {};
    for (const name of ['x-line-retry-key', 'content-type', 'authorization']) {
      const value = c.req.header(name);
      if (value) headers[name] = name === 'authorization' ? value.replace(/Bearer .+/, 'Bearer ***') : value;
    }
    requests.push({
      method: c.req.method,
      path: c.req.path.replace('/dev/line-api', ''),
      headers,
      body,
      receivedAt: new Date().toISOString(),
    });
    if (requests.length > 1000) requests.shift();
    return c.json({});
  });
  return { app, requests };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** `/dev`: what the local product sent, for a person trying it out, and JSON for tests. */
export function createDevPage(emails: CaptureEmailSender, line: ReturnType<typeof createLineCapture>) {
  const app = new Hono();
  app.get('/dev/emails', (c) => c.json(emails.sent));
  app.get('/dev/line-pushes', (c) => c.json(line.requests));
  app.get('/dev', (c) => {
    const emailRows = [...emails.sent]
      .reverse()
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td><td><pre>${escapeHtml(m.text)}</pre></td></tr>`,
      )
      .join('');
    const lineRows = [...line.requests]
      .reverse()
      .map(
        (r) =>
          `<tr><td>${escapeHtml(r.receivedAt)}</td><td>${escapeHtml(`${r.method} ${r.path}`)}</td><td><pre>${escapeHtml(JSON.stringify(r.body, null, 2))}</pre></td></tr>`,
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
