import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n, textsComplete } from '@/lib/i18n';

beforeAll(async () => {
  await initI18n('zh-TW');
  // Tests render any screen: every text, not only the first screen's (lib/i18n.ts).
  await textsComplete();
});

afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});
