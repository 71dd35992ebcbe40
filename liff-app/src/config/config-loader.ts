import { createStore, useStore } from '@shuttle/shared/web/store.ts';
import type { RuntimeConfig } from './runtime-config';

export type { RuntimeConfig };

const configStore = createStore<RuntimeConfig | null>(null);
let pending: Promise<RuntimeConfig> | null = null;
let json: Promise<unknown> | null = null;

/**
 * The body of `/app-config.json` (index.html preloads it), fetched once and not yet checked:
 * the entry reads `apiBase` from it for the first session list before zod has arrived.
 */
function runtimeConfigJson(): Promise<unknown> {
  json ??= fetch('/app-config.json', { credentials: 'same-origin' })
    .then((response) => {
      if (!response.ok) throw new Error(`app-config.json answered ${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .catch((error: unknown) => {
      json = null;
      throw error;
    });
  return json;
}

/**
 * The API's base URL: the validated configuration's once parsed, before that `apiBase` of the
 * file as it came (a non-empty string, else the call fails), so API calls never wait for zod
 * (lib/api-client.ts). The whole file is still validated: `runtimeConfig`, which sign-in needs.
 */
export async function apiBase(): Promise<string> {
  const parsed = configStore.get();
  if (parsed) return parsed.apiBase;
  const body = await runtimeConfigJson();
  const base = (body as { apiBase?: unknown } | null)?.apiBase;
  if (typeof base !== 'string' || !base) throw new Error('app-config.json has no apiBase');
  return base;
}

/** The validated runtime configuration; fetched and parsed once, on first use. */
export function runtimeConfig(): Promise<RuntimeConfig> {
  pending ??= Promise.all([import('./runtime-config'), runtimeConfigJson()])
    .then(([m, body]) => m.runtimeConfigSchema.parse(body))
    .then((config) => {
      configStore.set(config);
      return config;
    })
    .catch((error: unknown) => {
      pending = null;
      json = null;
      throw error;
    });
  return pending;
}

/** The configuration once loaded, else null (and loading starts). */
export function useRuntimeConfig(): RuntimeConfig | null {
  const config = useStore(configStore);
  if (!config) void runtimeConfig().catch((error: unknown) => console.error('Loading app-config.json failed', error));
  return config;
}

/** For tests. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  pending = Promise.resolve(config);
  json = Promise.resolve(config);
  configStore.set(config);
}
