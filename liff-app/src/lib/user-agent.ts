export type InAppBrowser = 'line' | 'facebook' | 'instagram';

/**
 * Which social app's embedded browser a user agent belongs to. Instagram's agent on some
 * devices also carries Facebook's markers, so it is checked first.
 */
export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  if (/Instagram/i.test(userAgent)) return 'instagram';
  if (/FBAN|FBAV|FB_IAB|FB4A|FBIOS|\[FB/.test(userAgent)) return 'facebook';
  if (/\bLine\/\d/i.test(userAgent)) return 'line';
  return null;
}

/** Facebook and Instagram browsers limit logins and storage: ask for an external browser. */
export function needsExternalBrowser(userAgent: string): boolean {
  const app = detectInAppBrowser(userAgent);
  return app === 'facebook' || app === 'instagram';
}

/** Google refuses sign-in in embedded browsers (`disallowed_useragent`). */
export function canOfferGoogleLogin(userAgent: string, inLiffClient: boolean): boolean {
  return !inLiffClient && detectInAppBrowser(userAgent) === null;
}
