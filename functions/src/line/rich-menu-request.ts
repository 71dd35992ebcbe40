import type { Store } from '#db/client.ts';
import { newRichMenuLinkItem } from '#outbox/model.ts';
import { putOutboxIfAbsent } from '#outbox/repository.ts';
import type { IdGenerator } from '#platform/clock.ts';

/**
 * Asks the notifier to link the rich menu of a LINE player's language to their LINE account
 * (docs/LINE.md, "Rich menus"): one outbox Put, the `richMenuLink` record. The API functions
 * hold no LINE channel token; the notifier does, reads the language when it delivers, and
 * retries through LINE outages. Players who do not sign in with LINE are not asked for.
 */
export async function requestRichMenuLink(
  deps: { store: Store; ids: IdGenerator },
  userId: string,
  now: Date,
): Promise<void> {
  if (!userId.startsWith('line_')) return;
  await putOutboxIfAbsent(deps.store, newRichMenuLinkItem({ id: deps.ids(), userId, now }));
}
