import { type MemberProfile, STORAGE_KEYS } from '@shuttle/shared';
import { createStore, useStore } from '@shuttle/shared/web/store.ts';
import { storage } from './storage';

export type AuthStatus = 'anonymous' | 'checking' | 'authenticated';

export interface AuthState {
  token: string | null;
  profile: MemberProfile | null;
  status: AuthStatus;
}

const initialToken = storage.get(STORAGE_KEYS.memberToken);

/** Member login state (SPEC §4): the token lives in localStorage under `token`. */
export const authStore = createStore<AuthState>({
  token: initialToken,
  profile: null,
  status: initialToken ? 'checking' : 'anonymous',
});

export function setLogin(token: string, profile: MemberProfile): void {
  storage.set(STORAGE_KEYS.memberToken, token);
  authStore.set({ token, profile, status: 'authenticated' });
}

export function setProfile(profile: MemberProfile): void {
  authStore.set((state) => (state.token ? { ...state, profile, status: 'authenticated' } : state));
}

/** Logout, a failed login check and any 401 all end here. */
export function clearLogin(): void {
  storage.remove(STORAGE_KEYS.memberToken);
  authStore.set({ token: null, profile: null, status: 'anonymous' });
}

export const currentToken = () => authStore.get().token;

export const useAuth = () => useStore(authStore);
export const useIsLoggedIn = () => useStore(authStore, (s) => s.token !== null);
