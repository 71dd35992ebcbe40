import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language, STORAGE_KEYS } from '../constants.ts';
import { storage } from './storage.ts';

type Bundle = { default: Record<string, unknown> };
export type TextLoader = (language: Language) => Promise<Bundle>;
/**
 * The first screen's texts of a language, by namespace (liff-app/src/app/first-screen-texts.ts):
 * loaded before it renders instead of whole namespaces, which follow when `later` resolves.
 */
export type FirstTextLoader = (language: Language) => Promise<{ default: Record<string, Record<string, unknown>> }>;

// One chunk per language and namespace: only the language in use is downloaded, and an app
// bundles only the namespaces it names.
export const loadMemberTexts: TextLoader = (language) => import(`../i18n/locales/${language}/member.json`);
export const loadAdminTexts: TextLoader = (language) => import(`../i18n/locales/${language}/admin.json`);
export const loadPagesTexts: TextLoader = (language) => import(`../i18n/locales/${language}/pages.json`);
const loadErrorTexts: TextLoader = (language) => import(`../i18n/locales/${language}/errors.json`);
const loadStatusTexts: TextLoader = (language) => import(`../i18n/locales/${language}/status.json`);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The choice stored by either app (both use the same key on the same origin), else Traditional Chinese. */
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

function whenIdle(): Promise<void> {
  return new Promise((resolve) =>
    window.requestIdleCallback ? window.requestIdleCallback(() => resolve()) : window.setTimeout(resolve, 1500),
  );
}

function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language === 'zh-TW' ? 'zh-Hant-TW' : language;
}

/**
 * The app's i18next set-up: its own namespace (the default) plus `errors` and `status` (a
 * session's badge and places, the same words in both apps), loaded per language
 * on demand, with English fetched after the first screen to back up any missing text: once
 * `later` resolves (by default when the browser is next idle). The namespaces of `onDemand` load
 * when a screen asks for them (`loadNamespace`), and with every language chosen after that.
 */
export function createI18n(
  namespace: 'member' | 'admin',
  loadAppTexts: TextLoader,
  later: () => Promise<void> = whenIdle,
  onDemand: Record<string, TextLoader> = {},
  firstTexts?: FirstTextLoader,
) {
  const loaders: Record<string, TextLoader> = {
    ...onDemand,
    [namespace]: loadAppTexts,
    errors: loadErrorTexts,
    status: loadStatusTexts,
  };
  const namespaces = [namespace, 'errors', 'status'];
  /** Languages whose texts are all in (not only the first screen's). */
  const complete = new Set<Language>();

  async function loadLanguage(language: Language): Promise<void> {
    await Promise.all(
      namespaces.map(async (ns) => {
        if (i18next.hasResourceBundle(language, ns) && (complete.has(language) || !(ns in firstNamespaces))) return;
        const bundle = await loaders[ns]!(language);
        i18next.addResourceBundle(language, ns, bundle.default, true, true);
      }),
    );
    complete.add(language);
  }

  /** The namespaces `firstTexts` covers in part, filled in by `loadLanguage`. */
  const firstNamespaces: Record<string, true> = {};
  async function loadFirstTexts(language: Language, load: FirstTextLoader): Promise<void> {
    const { default: texts } = await load(language);
    for (const [ns, tree] of Object.entries(texts)) {
      firstNamespaces[ns] = true;
      i18next.addResourceBundle(language, ns, tree, true, true);
    }
  }

  /**
   * Every text of the language in use, not only the first screen's: screens other than the
   * first wait for this (liff-app/src/app/router.tsx). At once when they are in.
   */
  async function textsComplete(): Promise<void> {
    await initI18n();
    await loadLanguage(i18next.language as Language);
  }

  async function start(language: Language): Promise<typeof i18next> {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: namespaces,
      defaultNS: namespace,
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      // With first-screen texts, a text not yet in shows as nothing rather than as its key. Every
      // screen past the first waits for the rest (`textsComplete`), so adding them re-renders
      // nothing: the first screen, which shows only its own texts, is not drawn again.
      ...(firstTexts
        ? { parseMissingKeyHandler: (key: string) => (complete.has(i18next.language as Language) ? key : '') }
        : {}),
    });
    if (firstTexts) {
      await loadFirstTexts(language, firstTexts);
      void later()
        .then(() => loadLanguage(language))
        .catch(() => undefined);
    } else {
      await loadLanguage(language);
    }
    applyDocumentLanguage(language);
    if (language !== FALLBACK_LANGUAGE) {
      void later()
        .then(() => loadLanguage(FALLBACK_LANGUAGE))
        .catch(() => undefined);
    }
    return i18next;
  }

  let ready: Promise<typeof i18next> | null = null;

  function initI18n(language: Language = storedLanguage()): Promise<typeof i18next> {
    ready ??= start(language);
    return ready;
  }

  /** Loads an `onDemand` namespace in the language in use (and English, to back it up). */
  async function loadNamespace(ns: string): Promise<void> {
    if (!(ns in onDemand)) throw new Error(`Unknown namespace ${ns}`);
    await initI18n();
    if (!namespaces.includes(ns)) namespaces.push(ns);
    void loadLanguage(FALLBACK_LANGUAGE).catch(() => undefined);
    await loadLanguage(i18next.language as Language);
  }

  async function changeLanguage(language: Language): Promise<void> {
    await initI18n();
    await loadLanguage(language);
    await i18next.changeLanguage(language);
    storage.set(STORAGE_KEYS.language, language);
    applyDocumentLanguage(language);
  }

  return { initI18n, changeLanguage, loadNamespace, textsComplete };
}

export { i18next };
