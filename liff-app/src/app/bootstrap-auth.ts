import { STORAGE_KEYS } from '@shuttle/shared';
import { isLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { storage } from '@shuttle/shared/web/storage.ts';
import { runtimeConfig } from '@/config/config-loader';
import { authStore, clearLogin, setProfile } from '@/lib/auth';
import { afterFirstScreen } from '@/lib/first-screen-drawn';
import { changeLanguage } from '@/lib/i18n';
import type { Liff } from '@/lib/liff';
import { detectInAppBrowser } from '@/lib/user-agent';
import { checkStoredLogin } from './stored-login';

/** Adopts the language saved on the profile when this browser has no choice of its own. */
async function adoptProfileLanguage(language: string | null): Promise<void> {
  if (!storage.get(STORAGE_KEYS.language) && isLanguage(language)) await changeLanguage(language);
}

/** Checks the stored token; a network failure keeps the login and checks again once back online. */
async function checkToken(): Promise<void> {
  const { checkAuth } = await import('@/features/auth/api/check-auth');
  const result = await checkStoredLogin(checkAuth);
  if (result.state === 'valid') {
    setProfile(result.profile);
    await adoptProfileLanguage(result.profile.language);
  } else if (result.state === 'invalid') {
    clearLogin();
  } else {
    console.warn('Login status check unreachable; the login is kept');
    window.addEventListener('online', () => void checkToken(), { once: true });
  }
}

/**
 * The member area's login check: a stored token is checked first; only a 401 clears the
 * login (`stored-login.ts`), and the app renders meanwhile. Inside LINE a visitor without a
 * token is signed in silently with the LIFF ID token.
 */
export async function bootstrapAuth(): Promise<void> {
  if (authStore.get().token) {
    try {
      await checkToken();
    } catch (error) {
      console.error('Login status check failed', error);
    }
  }

  // The LIFF SDK is its own chunk (docs/PLAYER-EXPERIENCE.md, "Speed"). Outside LINE it signs
  // nobody in here: a visitor does not load it at all (the login and callback pages, the share
  // button and LIFF deep links start it when they need it), and a signed-in player loads it
  // after the first screen has drawn, so that logging out also ends a LINE login.
  if (detectInAppBrowser(navigator.userAgent) !== 'line') {
    if (!authStore.get().token) return;
    await afterFirstScreen();
  }
  let liff: Liff;
  let lib: typeof import('@/lib/liff');
  try {
    lib = await import('@/lib/liff');
    liff = await lib.initLiff();
  } catch (error) {
    console.error('LIFF could not start', error);
    return;
  }
  // LINE MINI App mode inside LINE: scopes a simplified channel consent left out are asked for here.
  if (liff.isInClient() && liff.isLoggedIn()) void lib.askMissingPermissions(await runtimeConfig());
  if (authStore.get().token || window.location.pathname.startsWith('/callback')) return;
  if (!liff.isInClient() || !liff.isLoggedIn()) return;
  try {
    const [{ lineIdToken }, { loginLine }] = await Promise.all([
      import('@/features/auth/api/id-tokens'),
      import('@/features/auth/api/login-line'),
    ]);
    const { user } = await loginLine(await lineIdToken(await runtimeConfig()));
    await adoptProfileLanguage(user.language);
  } catch (error) {
    console.error('Signing in inside LINE failed', error);
  }
}
