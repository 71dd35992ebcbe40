import { storage } from './storage.ts';
import { createStore, useStore } from './store.ts';

export type AuthStatus = 'anonymous' | 'checking' | 'authenticated';

export interface AuthState<Profile> {
  token: string | null;
  profile: Profile | null;
  status: AuthStatus;
}

/**
 * An app's login state. The token lives in localStorage under `storageKey` ('token' for the
 * member app, 'admin-token' for the admin app), so a reload starts from 'checking' it.
 */
export function createAuthStore<Profile>(storageKey: string) {
  const initialToken = storage.get(storageKey);
  const authStore = createStore<AuthState<Profile>>({
    token: initialToken,
    profile: null,
    status: initialToken ? 'checking' : 'anonymous',
  });
  return {
    authStore,
    setLogin(token: string, profile: Profile): void {
      storage.set(storageKey, token);
      authStore.set({ token, profile, status: 'authenticated' });
    },
    /** The answer of the login check; ignored when the login was cleared meanwhile. */
    setProfile(profile: Profile): void {
      authStore.set((state) => (state.token ? { ...state, profile, status: 'authenticated' } : state));
    },
    /** Logout, a failed login check and any 401 all end here. */
    clearLogin(): void {
      storage.remove(storageKey);
      authStore.set({ token: null, profile: null, status: 'anonymous' });
    },
    currentToken: () => authStore.get().token,
    useAuth: () => useStore(authStore),
  };
}
