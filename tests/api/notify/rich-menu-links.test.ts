import type { Server } from 'node:http';
import { notifierRepositories } from '@shuttle/functions/app/jobs.ts';
import { createLineMessaging } from '@shuttle/functions/line/client.ts';
import { LineFollowers } from '@shuttle/functions/line/followers.ts';
import { createRichMenuClients, type RichMenuSetupResult, setupRichMenus } from '@shuttle/functions/line/rich-menu.ts';
import { createLineCapture } from '@shuttle/functions/local/captures.ts';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import { OutboxDispatcher } from '@shuttle/functions/notifications/dispatcher.ts';
import { LANGUAGES } from '@shuttle/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../../support/harness.ts';
import { outboxItem, pendingOutbox } from './fixtures.ts';

/**
 * A player's rich menu follows their language (docs/LINE.md, "Rich menus"): the member API
 * writes a `richMenuLink` outbox record, the notifier links the language's menu through the
 * real bot-sdk client, and the local LINE capture shows the exact requests.
 */

let h: ApiHarness;
let capture: ReturnType<typeof createLineCapture>;
let server: Server;
let origin: string;
let setup: RichMenuSetupResult;

beforeAll(async () => {
  h = await createApiHarness();
  capture = createLineCapture();
  const listening = await listenFirst('127.0.0.1', { fetch: capture.app.fetch });
  server = listening.server;
  const port = listening.port;
  origin = `http://127.0.0.1:${port}`;
  const clients = createRichMenuClients({ channelAccessToken: 'test', baseURL: origin, dataBaseURL: origin });
  // The images are not what these tests are about (rich-menu.test.ts renders them): a PNG signature each.
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const images = Object.fromEntries(LANGUAGES.map((language) => [language, png]));
  setup = await setupRichMenus({ clients, liffId: '1650000000-AbCdEfGh', images });
});
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await h.close();
});
beforeEach(() => {
  capture.requests.length = 0;
  capture.userMenus.clear();
});

const dispatcher = () =>
  new OutboxDispatcher({
    store: h.store,
    repositories: notifierRepositories(h.store),
    clock: h.clock,
    line: createLineMessaging({ channelAccessToken: 'test-channel-token', baseURL: origin }),
    mailer: h.emails,
    appBaseUrl: 'https://shuttle.example.tw',
    log: { warn: () => {}, error: () => {} },
  });

const linksOf = async (userId: string) =>
  (await pendingOutbox(h)).filter((r) => r.kind === 'richMenuLink' && r.userId === userId);

const setLanguage = (token: string, language: string) =>
  h.call('checkState/setting/updateProfile', { language }, { token });

const calls = () => capture.requests.map((r) => `${r.method} ${r.path}`);

describe('a player’s rich menu', () => {
  it('links the menu of the new language when a LINE player changes it, and nothing else', async () => {
    const token = await h.login('Umenu1');
    expect(await linksOf('line_Umenu1'), 'no language chosen: the default menu, no link').toEqual([]);

    expect((await setLanguage(token, 'en')).status).toBe(200);
    const [record, ...more] = await linksOf('line_Umenu1');
    expect(more).toEqual([]);
    expect(record).toMatchObject({ kind: 'richMenuLink', userId: 'line_Umenu1', sessionId: '' });
    expect(calls(), 'the API itself calls no LINE endpoint').toEqual([]);

    expect(await dispatcher().deliver(record!)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(calls()).toEqual([
      'GET /v2/bot/richmenu/alias/shuttle-en',
      `POST /v2/bot/user/Umenu1/richmenu/${setup.menus.en}`,
    ]);
    expect(capture.requests.every((r) => r.body === null || r.body === '')).toBe(true);
    expect(capture.userMenus.get('Umenu1')).toBe(setup.menus.en);
    expect(await outboxItem(h, record!.id)).toMatchObject({ status: 'delivered', channels: ['line'] });
    expect(await dispatcher().deliver(record!), 'once').toEqual({ status: 'notClaimed' });
    expect(calls()).toHaveLength(2);
  });

  it('links again at the next LINE sign-in, and links the latest language when it changed twice', async () => {
    const token = await h.login('Umenu2');
    await setLanguage(token, 'ja');
    await setLanguage(token, 'de');
    await h.login('Umenu2');
    const records = await linksOf('line_Umenu2');
    expect(records).toHaveLength(3);
    for (const record of records) await dispatcher().deliver(record);
    const links = capture.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(links).toEqual(Array(3).fill(`/v2/bot/user/Umenu2/richmenu/${setup.menus.de}`));
    expect(capture.userMenus.get('Umenu2')).toBe(setup.menus.de);
  });

  it('asks nothing for a Google player', async () => {
    const token = await h.login('g-menu3', 'g', 'google');
    expect((await setLanguage(token, 'es')).status).toBe(200);
    expect(await linksOf('google_g-menu3')).toEqual([]);
  });

  it('refuses a bad language with the error envelope and asks for no link', async () => {
    const token = await h.login('Umenu4');
    const res = await setLanguage(token, 'fr');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    expect(await linksOf('line_Umenu4')).toEqual([]);
  });

  it('links at a follow, and skips a player who blocked the account without calling LINE', async () => {
    const token = await h.login('Umenu5');
    await setLanguage(token, 'es');
    const followers = new LineFollowers(h.store);
    await followers.setBlocked('Umenu5', true, new Date(h.clock.now().getTime() + 1000));
    const [pending] = await linksOf('line_Umenu5');
    expect(await dispatcher().deliver(pending!)).toEqual({
      status: 'skipped',
      reason: 'the player blocked our LINE account',
    });
    expect(calls()).toEqual([]);

    await followers.setBlocked('Umenu5', false, new Date(h.clock.now().getTime() + 2000));
    const [followed, ...more] = await linksOf('line_Umenu5');
    expect(more).toEqual([]);
    await dispatcher().deliver(followed!);
    expect(calls()).toEqual([
      'GET /v2/bot/richmenu/alias/shuttle-es',
      `POST /v2/bot/user/Umenu5/richmenu/${setup.menus.es}`,
    ]);
  });

  it('gives up at once, without linking, when line:setup made no menu for the language', async () => {
    const token = await h.login('Umenu6');
    await setLanguage(token, 'ja');
    const saved = capture.aliases.get('shuttle-ja')!;
    capture.aliases.delete('shuttle-ja');
    try {
      const [record] = await linksOf('line_Umenu6');
      expect(await dispatcher().deliver(record!)).toMatchObject({ status: 'failed' });
      expect(calls()).toEqual(['GET /v2/bot/richmenu/alias/shuttle-ja']);
      expect(await outboxItem(h, record!.id)).toMatchObject({ status: 'failed' });
    } finally {
      capture.aliases.set('shuttle-ja', saved);
    }
  });
});
