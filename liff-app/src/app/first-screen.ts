import { MEMBER_HOME_CATEGORIES } from '@shuttle/shared';
import { prepareFormats } from '@shuttle/shared/web/format.ts';
import { storedLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { apiBase, runtimeConfig } from '@/config/config-loader';
import { toQuery } from '@/features/sessions/model/filters';
import { filtersStore } from '@/features/sessions/model/filters-store';
import { currentToken } from '@/lib/auth';
import { sendEarly } from '@/lib/early-requests';
import { expectFirstScreen } from '@/lib/first-screen-drawn';

/**
 * Whether this address opens home on its session list with the filters of a fresh visit: not
 * another tab (`?tab=`), not a team's sessions (`?team=`, which changes the filters first), not
 * a LIFF deep link (`?liff.state=`, which moves on to another screen).
 */
export function opensSessionList(location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (location.pathname !== '/') return false;
  const params = new URLSearchParams(location.search);
  const tab = params.get('tab');
  const otherTab = tab !== null && tab !== 'sessionList' && (MEMBER_HOME_CATEGORIES as readonly string[]).includes(tab);
  return !otherTab && !params.has('team') && !params.has('liff.state');
}

/**
 * The first session list, sent as soon as the entry runs rather than after the home route,
 * the API schemas and the runtime configuration's parser have arrived: the request the session
 * list's first page makes (same path, token, body; features/sessions/api/get-session-list.ts),
 * which the API client then takes instead of sending it again (lib/early-requests.ts). Only
 * `apiBase` of the (preloaded) app-config.json is needed; the app validates the whole file
 * as before. Without that file nothing is sent early and the app reports the failure as always.
 * Resolves when the answer has come (or the request failed).
 */
export async function sendFirstSessionList(): Promise<void> {
  const token = currentToken();
  const body = JSON.stringify(toQuery(filtersStore.get()));
  const base = await apiBase().catch(() => null);
  if (!base) return;
  // The token may have changed while the configuration came: the app would then send another request.
  if (currentToken() !== token) return;
  const path = token ? 'checkState/sessionList/getSessionList' : 'withoutAuth/getSessionList';
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  await sendEarly(`${base}/${path}`, { method: 'POST', headers, body });
}

/**
 * Start-up work of the entry, before React mounts (docs/PLAYER-EXPERIENCE.md, "Speed"): the
 * runtime configuration and its parser (every screen calls the API), and on home the first
 * session list instead.
 */
export function startFirstScreen(location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  if (!opensSessionList(location)) {
    void runtimeConfig().catch(() => undefined);
    return;
  }
  // Not its parser (zod): the list needs only `apiBase`, and what needs the whole configuration
  // asks for it when it starts (sign-in inside LINE, app/bootstrap-auth.ts; the login page).
  expectFirstScreen();
  void sendFirstSessionList().catch(() => undefined);
  // A task of its own while the list is on its way.
  setTimeout(() => prepareFormats(storedLanguage()), 0);
}
