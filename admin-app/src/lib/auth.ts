import { type AdminLoginResult, type AdminProfile, STORAGE_KEYS } from '@shuttle/shared';
import { createAuthStore } from '@shuttle/shared/web/auth-store.ts';

const login = createAuthStore<AdminProfile>(STORAGE_KEYS.adminToken);

/** The admin's login: the token lives in localStorage under `admin-token`. */
export const { authStore, clearLogin, currentToken, useAuth } = login;

/**
 * Stores a login from sign-in, sign-up, a team switch or 'become team leader'. It only counts
 * when the account carries the isAdmin flag; otherwise it is dropped.
 */
export function acceptLogin(result: AdminLoginResult): boolean {
  if (!result.admin.isAdmin) {
    clearLogin();
    return false;
  }
  login.setLogin(result.token, result.admin);
  return true;
}

/** The result of the login check: a profile without the isAdmin flag logs the admin out. */
export function acceptProfile(profile: AdminProfile): boolean {
  if (!profile.isAdmin) {
    clearLogin();
    return false;
  }
  login.setProfile(profile);
  return true;
}
