import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { createI18n, loadMemberTexts } from '../../src/web/i18n-loader.ts';

/**
 * For the tests of shared components (files marked `@vitest-environment happy-dom`): texts in
 * Traditional Chinese from the member namespace, a clean document after every test.
 */
export function setUpDom(): void {
  beforeAll(async () => {
    await createI18n('member', loadMemberTexts).initI18n('zh-TW');
  });
  afterEach(() => {
    cleanup();
    document.body.style.overflow = '';
  });
}
