import { type AdminLoginResult, type AdminProfile, STORAGE_KEYS } from '@shuttle/shared';
import { createStore, useStore } from '@shuttle/shared/web/store.ts';
import { storage } from './storage';

export type AuthStatus = 'anonymous' | 'checking' | 'authenticated';

export interface AuthState {
  token: string | null;
  profile: AdminProfile | null;
  status: AuthStatus;
}

const initialToken = storage.get(STORAGE_KEYS.adminToken);

/** Admin login state (SPEC §4): the token lives in localStorage under `admin-token`. */
export const authStore = createStore<AuthState>({
  token: initialToken,
  profile: null,
  status: initialToken ? 'checking' : 'anonymous',
});

/**
 * Stores a login from sign-in, sign-up, a team switch or 'become team leader'. The login only
 * counts when the account carries the isAdmin flag (SPEC §4); otherwise it is dropped.
 */
export function acceptLogin(result: AdminLoginResult): boolean {
  if (!result.admin.isAdmin) {
    clearLogin();
    return false;
  }
  storage.set(STORAGE_KEYS.adminToken, result.token);
  authStore.set({ token: result.token, profile: result.admin, status: 'authenticated' });
  return true;
}

/** The result of the login check: a profile without the isAdmin flag logs the admin out. */
export function acceptProfile(profile: AdminProfile): boolean {
  if (!profile.isAdmin) {
    clearLogin();
    return false;
  }
  authStore.set((state) => (state.token ? { ...state, profile, status: 'authenticated' } : state));
  return true;
}

/** Logout, a failed login check, 'No admin token found' and any 401 all end here. */
export function clearLogin(): void {
  storage.remove(STORAGE_KEYS.adminToken);
  authStore.set({ token: null, profile: null, status: 'anonymous' });
}

export const currentToken = () => authStore.get().token;

export const useAuth = () => useStore(authStore);
