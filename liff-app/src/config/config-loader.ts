import { createStore, useStore } from '@shuttle/shared/web/store.ts';
import type { RuntimeConfig } from './runtime-config';

export type { RuntimeConfig };

const configStore = createStore<RuntimeConfig | null>(null);
let pending: Promise<RuntimeConfig> | null = null;

/** The validated runtime configuration; fetched and parsed once, on first use. */
export function runtimeConfig(): Promise<RuntimeConfig> {
  pending ??= import('./runtime-config')
    .then((m) => m.fetchRuntimeConfig())
    .then((config) => {
      configStore.set(config);
      return config;
    })
    .catch((error: unknown) => {
      pending = null;
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
  configStore.set(config);
}
