import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { setI18n } from 'react-i18next';
import { afterEach, beforeAll } from 'vitest';

// Both apps' test set-up (their `src/testing/setup.ts`, run before every test file). Only tests import this.

/** An app's texts (its `lib/i18n.ts`). */
interface AppTexts {
  initI18n: (language: 'zh-TW') => Promise<unknown>;
  changeLanguage: (language: 'zh-TW') => Promise<unknown>;
  textsComplete: () => Promise<void>;
}

/**
 * The files of an app share a worker's modules and page (shared/build/vite.ts): each file starts
 * from the app's own i18next instance (a test that renders with an instance of its own makes that
 * one react-i18next's default), in Chinese with every text loaded, and nothing stored; each test
 * ends with nothing rendered.
 */
export function setUpAppTests(texts: AppTexts): void {
  beforeAll(async () => {
    setI18n(i18next);
    window.localStorage.clear();
    window.sessionStorage.clear();
    await texts.initI18n('zh-TW');
    await texts.changeLanguage('zh-TW');
    // Tests render any screen: every text, not only the first screen's (the app's lib/i18n.ts).
    await texts.textsComplete();
  });
  afterEach(() => {
    cleanup();
    document.body.style.overflow = '';
  });
}
