import { join, resolve } from 'node:path';
import { rateLimitSettings } from '#app/limits.ts';
import { miniAppSetting } from '#line/mini-app.ts';
import { createRichMenuClients, setupRichMenus } from '#line/rich-menu.ts';
import { buildAppIfStale } from './app-build.ts';
import { assertJava } from './dynamo-local.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './seed.ts';
import { LOCAL_LIFF_ID, startLocalStack } from './server.ts';

/** `npm start`: the whole product locally, on one origin, with demo data. */

const root = resolve(import.meta.dirname, '../../..');

/** Installs the rich menus (one per language) on the local LINE capture (/dev/line-pushes); a failure is logged, not fatal. */
async function setupLocalRichMenu(origin: string, miniApp: boolean): Promise<void> {
  try {
    const clients = createRichMenuClients({
      channelAccessToken: 'local-channel-access-token',
      baseURL: origin,
      dataBaseURL: origin,
    });
    const { menus } = await setupRichMenus({ clients, liffId: LOCAL_LIFF_ID, miniApp });
    console.log(
      `Rich menus ${Object.keys(menus).join(', ')} on the local LINE capture (zh-TW the default: ${menus['zh-TW']})`,
    );
  } catch (error) {
    console.warn(
      `Rich menu setup failed (the local product runs without it): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function main() {
  assertJava();
  buildAppIfStale('liff-app');
  buildAppIfStale('admin-app');
  const port = Number(process.env.PORT ?? 3000);
  const rateLimits = rateLimitSettings(process.env.SHUTTLE_RATE_LIMITS);
  const miniApp = miniAppSetting(process.env.SHUTTLE_MINI_APP);
  const stack = await startLocalStack({
    port,
    dataDir: join(root, '.data'),
    seed: true,
    serveApps: true,
    rateLimits,
    miniApp,
  });
  const { origin } = stack;
  await setupLocalRichMenu(origin, miniApp);
  console.log(`
  Shuttle is running locally (data in .data/, Ctrl+C to stop)

  Member app   ${origin}/
  Admin app    ${origin}/admin/
  Dev captures ${origin}/dev            (emails and LINE pushes the product sent)
  Member API   ${origin}/api/openapi.json
  Admin API    ${origin}/api/admin/openapi.json
  LINE         ${miniApp ? 'MINI App mode (SHUTTLE_MINI_APP=on): booking notices go as service messages, /dev/service-messages' : 'LIFF (SHUTTLE_MINI_APP=on turns LINE MINI App mode on)'}
  Rate limits  ${rateLimits.enabled ? 'on (functions/src/app/LIMITS.md; SHUTTLE_RATE_LIMITS=off turns them off)' : 'off'}
  Clock        ${process.env.SHUTTLE_NOW ? `${stack.clock.now().toISOString()} (SHUTTLE_NOW, then running)` : 'the system clock (SHUTTLE_NOW=<ISO instant> moves it)'}

  Demo player: sign in with "LINE" on ${origin}/login (local LIFF mock) as ${DEMO_PLAYER.name}
  Demo admin:  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} on ${origin}/admin/login (runs 大安羽球同好會 and 台中快樂羽球)
`);
  const stop = async () => {
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
