import { z } from 'zod';

/**
 * Runtime configuration served at `/app-config.json`, so one build runs locally and on AWS.
 * This module is loaded lazily (see config-loader.ts): zod arrives with the first API call's
 * contracts, not in the first chunk.
 */
export const runtimeConfigSchema = z.object({
  apiBase: z.string().min(1),
  liffId: z.string().min(1),
  liffMock: z.boolean(),
  googleClientId: z.string(),
  devLogin: z.boolean(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/app-config.json', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`app-config.json answered ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}
