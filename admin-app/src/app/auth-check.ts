import { STORAGE_KEYS } from '@shuttle/shared';
import { isLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { storage } from '@shuttle/shared/web/storage.ts';
import { checkAuth } from '@/features/auth/api/check-auth';
import { acceptProfile, authStore, clearLogin } from '@/lib/auth';
import { changeLanguage } from '@/lib/i18n';

let pending: Promise<boolean> | null = null;

/**
 * The admin login check: `GET check-auth` with the stored token. It counts only
 * when the profile's isAdmin flag is true; any failure clears the login. Concurrent callers
 * share one request.
 */
export function verifyAdminLogin(): Promise<boolean> {
  if (!authStore.get().token) return Promise.resolve(false);
  pending ??= checkAuth()
    .then((profile) => {
      // The account's language counts only while this browser has no choice of its own.
      if (!storage.get(STORAGE_KEYS.language) && isLanguage(profile.language)) void changeLanguage(profile.language);
      return acceptProfile(profile);
    })
    .catch((error: unknown) => {
      console.error('Admin login check failed', error);
      clearLogin();
      return false;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Re-reads the profile after a change that moves the current team (a team created or left). */
export async function refreshProfile(): Promise<void> {
  acceptProfile(await checkAuth());
}
