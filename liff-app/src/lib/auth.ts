import { type MemberProfile, STORAGE_KEYS } from '@shuttle/shared';
import { createAuthStore } from '@shuttle/shared/web/auth-store.ts';
import { useStore } from '@shuttle/shared/web/store.ts';

/** The player's login: the token lives in localStorage under `token`. */
export const { authStore, setLogin, setProfile, clearLogin, currentToken, useAuth } = createAuthStore<MemberProfile>(
  STORAGE_KEYS.memberToken,
);

export const useIsLoggedIn = () => useStore(authStore, (s) => s.token !== null);
