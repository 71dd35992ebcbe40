import { z } from 'zod';

/**
 * Runtime configuration served at `/app-config.json`, so one build runs locally and on AWS.
 * This module is loaded lazily (see config-loader.ts, which fetches the file): zod arrives with
 * the first API call's contracts, not in the first chunk.
 */
export const runtimeConfigSchema = z.object({
  apiBase: z.string().min(1),
  liffId: z.string().min(1),
  liffMock: z.boolean(),
  googleClientId: z.string(),
  devLogin: z.boolean(),
  /**
   * LINE MINI App mode (the stage's `miniApp`, `SHUTTLE_MINI_APP=on`; docs/LINE.md): links open
   * `https://miniapp.line.me/<liffId>/…`, a booking made inside LINE hands its LIFF access token
   * over for free service messages, and missing scopes are asked for in the app. Absent: off.
   */
  miniApp: z.boolean().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
