import { STORAGE_KEYS } from '@shuttle/shared';
import { isLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { storage } from '@shuttle/shared/web/storage.ts';
import { runtimeConfig } from '@/config/config-loader';
import { authStore, clearLogin, setProfile } from '@/lib/auth';
import { changeLanguage } from '@/lib/i18n';
import { initLiff } from '@/lib/liff';

/** Adopts the language saved on the profile when this browser has no choice of its own. */
export async function adoptProfileLanguage(language: string | null): Promise<void> {
  if (!storage.get(STORAGE_KEYS.language) && isLanguage(language)) await changeLanguage(language);
}

/**
 * The member area's login check: a stored token is checked first; when the check
 * fails the login is cleared and the app still renders. Inside LINE a visitor without a
 * token is signed in silently with the LIFF ID token.
 */
export async function bootstrapAuth(): Promise<void> {
  if (authStore.get().token) {
    try {
      const { checkAuth } = await import('@/features/auth/api/check-auth');
      const profile = await checkAuth();
      setProfile(profile);
      await adoptProfileLanguage(profile.language);
    } catch (error) {
      console.error('Login status check failed', error);
      clearLogin();
    }
  }

  let liff: Awaited<ReturnType<typeof initLiff>>;
  try {
    liff = await initLiff();
  } catch (error) {
    console.error('LIFF could not start', error);
    return;
  }
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
