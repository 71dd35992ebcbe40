import type { Language } from '../constants.ts';
import accounts_de from './locales/de/accounts.json' with { type: 'json' };
import admin_de from './locales/de/admin.json' with { type: 'json' };
import errors_de from './locales/de/errors.json' with { type: 'json' };
import member_de from './locales/de/member.json' with { type: 'json' };
import notifications_de from './locales/de/notifications.json' with { type: 'json' };
import accounts_en from './locales/en/accounts.json' with { type: 'json' };
import admin_en from './locales/en/admin.json' with { type: 'json' };
import errors_en from './locales/en/errors.json' with { type: 'json' };
import member_en from './locales/en/member.json' with { type: 'json' };
import notifications_en from './locales/en/notifications.json' with { type: 'json' };
import accounts_es from './locales/es/accounts.json' with { type: 'json' };
import admin_es from './locales/es/admin.json' with { type: 'json' };
import errors_es from './locales/es/errors.json' with { type: 'json' };
import member_es from './locales/es/member.json' with { type: 'json' };
import notifications_es from './locales/es/notifications.json' with { type: 'json' };
import accounts_ja from './locales/ja/accounts.json' with { type: 'json' };
import admin_ja from './locales/ja/admin.json' with { type: 'json' };
import errors_ja from './locales/ja/errors.json' with { type: 'json' };
import member_ja from './locales/ja/member.json' with { type: 'json' };
import notifications_ja from './locales/ja/notifications.json' with { type: 'json' };
import accounts_zhTW from './locales/zh-TW/accounts.json' with { type: 'json' };
import admin_zhTW from './locales/zh-TW/admin.json' with { type: 'json' };
import errors_zhTW from './locales/zh-TW/errors.json' with { type: 'json' };
import member_zhTW from './locales/zh-TW/member.json' with { type: 'json' };
import notifications_zhTW from './locales/zh-TW/notifications.json' with { type: 'json' };

/**
 * Translation resources: one JSON file per language and namespace under `locales/`.
 * Namespaces: `errors` (API error codes and client errors), `notifications` (LINE pushes and
 * emails to players), `accounts` (emails to admins), `member` (member app), `admin` (admin app).
 * The apps load only the language in use (`./locales/*` export), not this module. Every key exists in every language;
 * a test fails otherwise.
 */
export type Resources = Record<Language, Record<string, Record<string, unknown>>>;

/** Add a namespace by importing its five files here and listing it below. */
export const resources: Resources = {
  'zh-TW': {
    errors: errors_zhTW,
    notifications: notifications_zhTW,
    accounts: accounts_zhTW,
    member: member_zhTW,
    admin: admin_zhTW,
  },
  en: { errors: errors_en, notifications: notifications_en, accounts: accounts_en, member: member_en, admin: admin_en },
  es: { errors: errors_es, notifications: notifications_es, accounts: accounts_es, member: member_es, admin: admin_es },
  ja: { errors: errors_ja, notifications: notifications_ja, accounts: accounts_ja, member: member_ja, admin: admin_ja },
  de: { errors: errors_de, notifications: notifications_de, accounts: accounts_de, member: member_de, admin: admin_de },
};

export const NAMESPACES = Object.keys(resources['zh-TW']);

/** Every dotted key path of a resource tree. */
export function keyPaths(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keyPaths(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** Minimal server-side translate with `{{name}}` interpolation and fallback to English. */
export function translate(
  language: Language | null | undefined,
  ns: string,
  path: string,
  vars: Record<string, string | number> = {},
): string {
  const lookup = (lng: Language) =>
    path
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources[lng]?.[ns]);
  const found = lookup(language ?? 'zh-TW') ?? lookup('en');
  const text = typeof found === 'string' ? found : path;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
