import type { ServiceNotifier } from '#line/notifier.ts';
import type { Sealer } from '#platform/sealed.ts';

/**
 * What LINE MINI App mode needs at run time (docs/LINE.md, "LINE MINI App mode"): the notifier
 * of the MINI App channel and the key that seals its tokens in the table. On AWS both come from
 * the stage's secret, read through the secret cache on use, so a secret filled in after the
 * deploy is used within minutes; locally from the local secrets.
 */
export interface MiniAppSetup {
  notifier: ServiceNotifier;
  sealer: Sealer;
}

/** Null while the mode is on but the channel is not filled in yet: notices then follow the channel plan. */
export type MiniAppSource = () => Promise<MiniAppSetup | null>;
