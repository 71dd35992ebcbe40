import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language, STORAGE_KEYS } from '@shuttle/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from './storage';

type Bundle = { default: Record<string, unknown> };
type Namespace = 'admin' | 'errors';

/** One chunk per language and namespace: only the language in use is downloaded. */
const loaders: Record<Language, Record<Namespace, () => Promise<Bundle>>> = {
  'zh-TW': {
    admin: () => import('@shuttle/shared/locales/zh-TW/admin.json'),
    errors: () => import('@shuttle/shared/locales/zh-TW/errors.json'),
  },
  en: {
    admin: () => import('@shuttle/shared/locales/en/admin.json'),
    errors: () => import('@shuttle/shared/locales/en/errors.json'),
  },
  es: {
    admin: () => import('@shuttle/shared/locales/es/admin.json'),
    errors: () => import('@shuttle/shared/locales/es/errors.json'),
  },
  ja: {
    admin: () => import('@shuttle/shared/locales/ja/admin.json'),
    errors: () => import('@shuttle/shared/locales/ja/errors.json'),
  },
  de: {
    admin: () => import('@shuttle/shared/locales/de/admin.json'),
    errors: () => import('@shuttle/shared/locales/de/errors.json'),
  },
};

export const NAMESPACES: Namespace[] = ['admin', 'errors'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The choice stored by either app (the key is shared with the member app), else Traditional Chinese. */
export function storedLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Intl locale for dates and numbers; sessions are always shown in Taiwan time. */
export function intlLocale(language: string = i18next.language): string {
  return (
    ({ 'zh-TW': 'zh-TW', en: 'en-US', es: 'es-ES', ja: 'ja-JP', de: 'de-DE' } as Record<string, string>)[language] ??
    'zh-TW'
  );
}

async function loadLanguage(language: Language): Promise<void> {
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      if (i18next.hasResourceBundle(language, ns)) return;
      const bundle = await loaders[language][ns]();
      i18next.addResourceBundle(language, ns, bundle.default, true, true);
    }),
  );
}

function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language === 'zh-TW' ? 'zh-Hant-TW' : language;
}

let ready: Promise<typeof i18next> | null = null;

export function initI18n(language: Language = storedLanguage()): Promise<typeof i18next> {
  ready ??= start(language);
  return ready;
}

async function start(language: Language): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'admin',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(language);
  applyDocumentLanguage(language);
  // English backs up any missing text; it is fetched after the first screen, not before it.
  if (language !== FALLBACK_LANGUAGE) {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    idle(() => void loadLanguage(FALLBACK_LANGUAGE).catch(() => undefined));
  }
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  await initI18n();
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  storage.set(STORAGE_KEYS.language, language);
  applyDocumentLanguage(language);
}

export { i18next };
