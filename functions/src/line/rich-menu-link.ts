import type { messagingApi } from '@line/bot-sdk';
import { DEFAULT_LANGUAGE, type Language } from '@shuttle/shared';

/**
 * The rich menu alias of each app language (docs/LINE.md, "Rich menus"): `npm run line:setup`
 * points it at that language's menu, so the notifier finds the menu to link without a stored
 * mapping, and a re-run moves the alias to the new menu. LINE alias ids: at most 32 of
 * `[A-Za-z0-9_-]`.
 */
export const richMenuAliasId = (language: Language) => `shuttle-${language.toLowerCase()}`;

type RichMenuLinker = Pick<messagingApi.MessagingApiClient, 'getRichMenuAlias' | 'linkRichMenuIdToUser'>;

/**
 * Links the menu of the player's language to one LINE user: reads the language's alias, then
 * `POST /v2/bot/user/{userId}/richmenu/{richMenuId}` (two Messaging API calls, no message).
 * A player with no chosen language gets the zh-TW menu, the default. Returns the menu linked.
 */
export async function linkRichMenu(
  client: RichMenuLinker,
  lineUserId: string,
  language: Language | null,
): Promise<{ richMenuId: string; language: Language }> {
  const chosen = language ?? DEFAULT_LANGUAGE;
  const { richMenuId } = await client.getRichMenuAlias(richMenuAliasId(chosen));
  await client.linkRichMenuIdToUser(lineUserId, richMenuId);
  return { richMenuId, language: chosen };
}
