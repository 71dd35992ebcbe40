import type { Store } from '#db/client.ts';
import type { MiniAppSetup } from '#notifications/mini-app.ts';
import type { ServiceKind } from '#notifications/service-catalog.ts';
import type { ServiceMessaging } from '#notifications/service-delivery.ts';
import { ServiceTokenRepository } from '#notifications/service-token-repository.ts';
import type { Sealer } from '#platform/sealed.ts';

/**
 * The MINI App's service messages (docs/LINE.md, "Service messages") as the composition root
 * builds them (docs/ARCHITECTURE.md, "Composition root"): the notification tokens' repository
 * under the sealing key of the setup read at run time. Apart from app/factories.ts, so the
 * notifier's bundles carry it without the booking engine.
 */
export const serviceTokens =
  (store: Store) =>
  (sealer: Sealer): ServiceTokenRepository =>
    new ServiceTokenRepository(store, sealer);

/** The dispatcher's service messages from a setup. */
export const serviceMessagingOf = (
  store: Store,
  setup: MiniAppSetup,
  catalog?: Record<ServiceKind, string | null>,
): ServiceMessaging => ({
  notifier: setup.notifier,
  tokens: serviceTokens(store)(setup.sealer),
  ...(catalog ? { catalog } : {}),
});
