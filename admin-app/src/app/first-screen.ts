import { prepareFormats, prepareIsoDateFormat } from '@shuttle/shared/web/format.ts';
import { storedLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { authStore } from '@/lib/auth';
import { BASENAME } from './app';
import { verifyAdminLogin } from './auth-check';
import { preloadScreen } from './router';

/**
 * Runs from the entry, before React renders (docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
 * With a stored login, the login check goes out at once, and beside it the screen of the
 * address loads its chunk and starts its data call (`preloadScreen`); the date and time formats
 * of the stored language, whose first use loads the locale's data, are built in tasks of their
 * own meanwhile, not in the screen's first render.
 */
export function startFirstScreen(): void {
  if (!authStore.get().token) return;
  void verifyAdminLogin();
  const { pathname, search } = window.location;
  preloadScreen(pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) || '/' : pathname, search);
  const language = storedLanguage();
  setTimeout(() => prepareFormats(language), 0);
  setTimeout(() => prepareIsoDateFormat(language), 0);
}
