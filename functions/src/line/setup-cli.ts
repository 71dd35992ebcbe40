import { miniAppSetting } from './mini-app.ts';
import { createRichMenuClients, setupRichMenus } from './rich-menu.ts';
import { richMenuAliasId } from './rich-menu-link.ts';

/**
 * `npm run line:setup`: renders the rich menu of every app language and installs them on the real Messaging API channel
 * (docs/LINE.md, "Setup"). Reads LINE_CHANNEL_ACCESS_TOKEN and LIFF_ID, and SHUTTLE_MINI_APP=on for MINI App links.
 */
async function main() {
  const channelAccessToken = process.env.LINE_CHANNEL_ACCESS_TOKEN;
  const liffId = process.env.LIFF_ID;
  if (!channelAccessToken || !liffId) {
    throw new Error('Set LINE_CHANNEL_ACCESS_TOKEN (Messaging API channel) and LIFF_ID (LINE Login channel).');
  }
  const result = await setupRichMenus({
    clients: createRichMenuClients({ channelAccessToken }),
    liffId,
    miniApp: miniAppSetting(process.env.SHUTTLE_MINI_APP),
  });
  for (const [language, richMenuId] of Object.entries(result.menus)) {
    console.log(
      `Rich menu ${language}: ${richMenuId} (alias ${richMenuAliasId(language as keyof typeof result.menus)})`,
    );
  }
  console.log(
    `The zh-TW menu is the default` +
      (result.deleted.length ? `; deleted the earlier ${result.deleted.join(', ')}` : ''),
  );
}

main().catch((error: unknown) => {
  console.error(`line:setup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
