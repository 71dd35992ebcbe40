/**
 * Where the member app opens inside LINE: the LIFF URL `https://liff.line.me/<liffId>`, or in
 * LINE MINI App mode the MINI App's permanent link `https://miniapp.line.me/<liffId>` (docs/LINE.md,
 * "LINE MINI App mode"); a path after it (`/session?id=…`) is carried into the app either way.
 */
export const lineAppUrl = (liffId: string, miniApp = false): string =>
  `https://${miniApp ? 'miniapp' : 'liff'}.line.me/${liffId}`;

/** `SHUTTLE_MINI_APP` (the stage's `miniApp` sets it on AWS): `on` or `off` (the default); anything else fails at start. */
export function miniAppSetting(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'off') return false;
  if (value === 'on') return true;
  throw new Error(`SHUTTLE_MINI_APP must be on or off, not ${value}`);
}
