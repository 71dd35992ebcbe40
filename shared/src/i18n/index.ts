import { LANGUAGES, type Language } from '../constants.ts';
import { accounts } from './accounts.ts';
import { admin } from './admin.ts';
import { errors } from './errors.ts';
import { member } from './member.ts';
import { notifications } from './notifications.ts';
import { pages } from './pages.ts';
import { status } from './status.ts';
import { type NamespaceResources, translator } from './translate.ts';

export { keyPaths, type NamespaceResources, type Translate, translator } from './translate.ts';

/**
 * Translation resources: one JSON file per language and namespace under `locales/`, one module per
 * namespace here (`./errors.ts`, `./notifications.ts`, …). Namespaces: `errors` (API error codes
 * and client errors), `notifications` (LINE pushes and emails to players), `accounts` (emails to
 * admins), `member` (member app), `pages` (the member app's reading pages: privacy, terms, about,
 * level table), `admin` (admin app), `status` (a session's badge and places line, both apps). Every key exists in every language; a test
 * fails otherwise.
 *
 * This module holds every namespace in every language, for tests and tools. The apps load only the
 * language in use (`./locales/*` export); server code imports `translate` from the module of the
 * namespace it sends (`@shuttle/shared/i18n/notifications`, `…/accounts`, `…/errors`,
 * `…/admin-money-csv`) so that each Lambda bundle carries only those texts (docs/DEPLOY.md, "Bundles").
 */
export type Resources = Record<Language, Record<string, Record<string, unknown>>>;

/** Add a namespace by writing its module (like `./accounts.ts`) and listing it here. */
const byNamespace: Record<string, NamespaceResources> = {
  errors,
  notifications,
  accounts,
  member,
  pages,
  admin,
  status,
};

export const resources: Resources = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, Object.fromEntries(Object.entries(byNamespace).map(([ns, r]) => [ns, r[lng]]))]),
) as Resources;

export const NAMESPACES = Object.keys(byNamespace);

/** Server-side translate over every namespace (tests and tools; servers use a namespace's own module). */
export const translate = translator(byNamespace);
