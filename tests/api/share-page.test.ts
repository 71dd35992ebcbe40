import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createMemberShareApi } from '@shuttle/functions/app/member-share-group.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { installedShareImageFiles } from '@shuttle/functions/line/share-card-image.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_BASE_URL, type ApiHarness, createApiHarness } from '../support/harness.ts';
import { countReads } from '../support/read-counter.ts';

/** The session's public share link (docs/LINE.md, "Share card"), against DynamoDB Local. */
let h: ApiHarness;
let team: Awaited<ReturnType<ApiHarness['putTeam']>>;
let reads: ReturnType<typeof countReads>;
beforeAll(async () => {
  h = await createApiHarness();
  team = await h.putTeam({ name: '大安羽球' });
  reads = countReads(h.store.doc);
});
afterAll(() => h.close());

const get = async (path: string, headers: Record<string, string> = {}) => h.app.request(`/api${path}`, { headers });
/** The `content` of `<meta property="…">`, unescaped the way a browser reads it. */
function og(html: string, property: string): string | undefined {
  const raw = new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];
  return raw
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
const setItem = (sessionId: string, values: Record<string, unknown>) =>
  h.store.doc.send(
    new UpdateCommand({
      TableName: h.store.tableName,
      Key: key.session(sessionId),
      UpdateExpression: `SET ${Object.keys(values)
        .map((k) => `#${k} = :${k}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((k) => [`#${k}`, k])),
      ExpressionAttributeValues: Object.fromEntries(Object.entries(values).map(([k, v]) => [`:${k}`, v])),
    }),
  );

describe('GET /api/share/<sessionId>', () => {
  it('answers an HTML page whose Open Graph tags carry the card, in zh-TW by default, for one read', async () => {
    const session = await h.putSession(team, {
      title: '週三夜間羽球',
      venue: '大安運動中心',
      price: 250,
      capacity: 12,
      startsAt: '2030-03-06T11:00:00.000Z',
      endsAt: '2030-03-06T13:00:00.000Z',
    });
    await setItem(session.id, { acceptedCount: 9, remaining: 3 });
    const { result: res, read } = await reads.during(() => get(`/share/${session.id}`));
    expect(read).toMatchObject({ items: 1, calls: 1 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('content-language')).toBe('zh-TW');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<html lang="zh-TW">');
    expect(og(html, 'og:title')).toBe('週三夜間羽球');
    const description = og(html, 'og:description')!;
    // 19:00–21:00 in Taipei (UTC+8), the venue, the fee, the places left: each once.
    expect(description).toMatch(/19:00/);
    expect(description).toMatch(/21:00/);
    expect(description).toContain('大安運動中心');
    expect(description).toContain('250 元');
    expect(description).toContain('剩 3 位（共 12 位）');
    expect(og(html, 'og:url')).toBe(`${APP_BASE_URL}/api/share/${session.id}`);
    expect(og(html, 'og:image')).toBe(`${APP_BASE_URL}/api/share/${session.id}/card.png?lang=zh-TW`);
    expect(html).toContain(`href="${APP_BASE_URL}/session?id=${session.id}"`);
    // The page shows only the card: nothing of the players.
    expect(html).not.toMatch(/userId|pictureUrl/);
  });

  it('opens the session in LINE from the page: the LIFF link, or in MINI App mode the permanent miniapp.line.me link', async () => {
    const session = await h.putSession(team, { title: '開在 LINE 裡' });
    const link = async (miniApp: boolean) => {
      const app = createMemberShareApi(h.deps, { appBaseUrl: APP_BASE_URL, liffId: '2000000000-share', miniApp });
      const html = await (await app.request(`/api/share/${session.id}`)).text();
      return /href="(https:\/\/[a-z]+\.line\.me\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    };
    expect(await link(false)).toBe(`https://liff.line.me/2000000000-share/session?id=${session.id}`);
    expect(await link(true)).toBe(`https://miniapp.line.me/2000000000-share/session?id=${session.id}`);
  });

  it('says "11 人抽 8 位" while a lottery takes entries, from the shared status model', async () => {
    const now = h.clock.now().getTime();
    const session = await h.putSession(team, {
      signupMode: 'lottery',
      lotteryMinutes: 120,
      capacity: 8,
      signupOpensAt: new Date(now - 30 * 60_000).toISOString(),
    });
    await setItem(session.id, { lotteryEntries: ['u-a*3', 'u-b*4', 'u-c*4'] });
    const html = await (await get(`/share/${session.id}`)).text();
    expect(og(html, 'og:description')).toContain('11 人抽 8 位');
    expect(og(html, 'og:description')).not.toContain('剩');
    const en = await (await get(`/share/${session.id}`, { 'accept-language': 'en-US,en;q=0.9' })).text();
    expect(og(en, 'og:description')).toContain('11 entered for 8 places');
  });

  it('escapes a hostile title everywhere it appears', async () => {
    const hostile = `"><script>alert('x')</script><img src=x onerror=alert(1)>&`;
    const session = await h.putSession(team, { title: hostile, venue: '<b>場地</b>' });
    const html = await (await get(`/share/${session.id}`)).text();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(og(html, 'og:title')).toBe(hostile);
  });

  it('picks en, es, ja or de by Accept-Language, and zh-TW for any Chinese or unknown language', async () => {
    const session = await h.putSession(team, { price: 0 });
    const expected: [string, string, string][] = [
      ['en', 'Open in the browser', 'Free'],
      ['es-ES,es;q=0.9', 'Abrir en el navegador', 'Gratis'],
      ['ja', 'ブラウザで開く', '無料'],
      ['fr;q=1, de;q=0.8', 'Im Browser öffnen', 'Kostenlos'],
      ['zh-CN', '在瀏覽器開啟', '免費'],
      ['ko', '在瀏覽器開啟', '免費'],
    ];
    for (const [header, button, free] of expected) {
      const html = await (await get(`/share/${session.id}`, { 'accept-language': header })).text();
      expect(html, header).toContain(button);
      expect(og(html, 'og:description'), header).toContain(free);
    }
  });

  it('answers the same clear 404 page for an unknown, malformed or team-only session, without a stack', async () => {
    const hidden = await h.putSession(team, { isPublic: false, title: '隊內場' });
    for (const id of ['s-nope', 'bad%20id%3Cx%3E', hidden.id]) {
      const res = await get(`/share/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      const html = await res.text();
      expect(html).toContain('找不到這場活動');
      expect(html).not.toContain('隊內場');
      expect(html).not.toMatch(/at .*\.ts|Error:/);
    }
    const en = await get('/share/s-nope', { 'accept-language': 'en' });
    expect(await en.text()).toContain('Session not found');
  });
});

describe('GET /api/share/<sessionId>/card.png', () => {
  it('answers a 1200 x 630 PNG of the card', async () => {
    const session = await h.putSession(team, { title: '週三夜間羽球 Wednesday night' });
    const res = await get(`/share/${session.id}/card.png?lang=ja`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const png = new Uint8Array(await res.arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer);
    // IHDR: width and height, big-endian, right after the signature and the chunk header.
    expect(view.getUint32(16)).toBe(1200);
    expect(view.getUint32(20)).toBe(630);
  }, 30_000);

  it('draws it in the share group too, and answers a clear 500 without a stack when a file is missing (a broken deploy)', async () => {
    const session = await h.putSession(team, { title: '分享群組' });
    const group = createMemberShareApi(h.deps, { appBaseUrl: APP_BASE_URL });
    const html = await (await group.request(`/api/share/${session.id}`)).text();
    expect(og(html, 'og:image')).toBe(`${APP_BASE_URL}/api/share/${session.id}/card.png?lang=zh-TW`);
    const drawn = await group.request(`/api/share/${session.id}/card.png`);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get('content-type')).toBe('image/png');
    const files = installedShareImageFiles();
    const broken = createMemberShareApi(h.deps, {
      appBaseUrl: APP_BASE_URL,
      shareImageFiles: { ...files, fonts: [...files.fonts, '/nonexistent/NotoSansTC-Regular.ttf'] },
    });
    const res = await broken.request(`/api/share/${session.id}/card.png`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toMatch(/nonexistent|ENOENT|at .*\.ts/);
    expect(JSON.parse(body)).toMatchObject({ success: false, error: 'INTERNAL' });
  }, 30_000);

  it('answers 404 for a team-only or unknown session', async () => {
    const hidden = await h.putSession(team, { isPublic: false });
    expect((await get(`/share/${hidden.id}/card.png`)).status).toBe(404);
    expect((await get('/share/s-nope/card.png')).status).toBe(404);
  });
});
