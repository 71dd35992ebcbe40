import { z } from 'zod';

/**
 * What the admin app reads of the runtime configuration (`/app-config.json`, written per stage
 * by the web construct and by the local server): the LINE official account the team's group
 * adds (docs/LINE.md, "Binding a team's group"). Absent or malformed, it is simply not configured.
 */
const adminRuntimeConfig = z.object({
  lineOfficialAccountId: z
    .string()
    .regex(/^@[0-9a-z._-]{1,20}$/i)
    .optional()
    .catch(undefined),
});
export type AdminRuntimeConfig = z.infer<typeof adminRuntimeConfig>;

let loaded: Promise<AdminRuntimeConfig> | null = null;

/** The runtime configuration, fetched once (a failed fetch answers an empty one and is retried next time). */
export function loadRuntimeConfig(): Promise<AdminRuntimeConfig> {
  loaded ??= fetch('/app-config.json', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : {}))
    .then((json) => adminRuntimeConfig.parse(json ?? {}))
    .catch(() => {
      loaded = null;
      return {};
    });
  return loaded;
}

/** The add-friend link of a LINE official account (`@id`). */
export const addFriendUrl = (accountId: string) => `https://line.me/R/ti/p/${accountId}`;

/** Forgets the fetched configuration (tests that answer `/app-config.json` differently). */
export function forgetRuntimeConfig(): void {
  loaded = null;
}
