import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { setI18n } from 'react-i18next';
import { afterEach, beforeAll } from 'vitest';
import { changeLanguage, initI18n, textsComplete } from '@/lib/i18n';

// Test files share a worker's modules (isolate: false, shared/build/vite.ts): each starts from the
// app's own i18next instance (a test that renders with an instance of its own makes that one
// react-i18next's default), in Chinese, with nothing stored.
beforeAll(async () => {
  setI18n(i18next);
  window.localStorage.clear();
  window.sessionStorage.clear();
  await initI18n('zh-TW');
  await changeLanguage('zh-TW');
  // Tests render any screen: every text, not only the first screen's (lib/i18n.ts).
  await textsComplete();
});

afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});
