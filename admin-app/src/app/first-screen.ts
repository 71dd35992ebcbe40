import { prepareFormats, prepareIsoDateFormat } from '@shuttle/shared/web/format.ts';
import { storedLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { authStore } from '@/lib/auth';
import { BASENAME } from './app';
import { verifyAdminLogin } from './auth-check';
import { preloadLogin, preloadScreen } from './router';

/**
 * Runs from the entry, before React renders (docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
 * Without a login, the login page's chunk and texts load at once. With a stored login, the
 * login check goes out at once, and beside it the screen of the
 * address loads its chunk and starts its data call (`preloadScreen`); the date and time formats
 * of the stored language, whose first use loads the locale's data, are built in tasks of their
 * own meanwhile, not in the screen's first render.
 */
export function startFirstScreen(): void {
  const { pathname, search } = window.location;
  const path = pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) || '/' : pathname;
  if (!authStore.get().token) {
    if (path === '/login') preloadLogin();
    return;
  }
  void verifyAdminLogin();
  preloadScreen(path, search);
  const language = storedLanguage();
  setTimeout(() => prepareFormats(language), 0);
  setTimeout(() => prepareIsoDateFormat(language), 0);
}
