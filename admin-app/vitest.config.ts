// Vite bundles this config and leaves package imports to Node, which cannot load TypeScript: hence the relative path.

import { defineProject } from 'vitest/config';
import { firstScreenTexts } from '../shared/build/first-screen-texts.ts';
import { appTestConfig } from '../shared/build/vite.ts';
import { FIRST_SCREEN_TEXTS } from './src/app/first-screen-texts.ts';

const config = appTestConfig(new URL('./', import.meta.url), 'admin-app');
config.plugins = [
  ...(config.plugins ?? []),
  firstScreenTexts(new URL('../shared/src/i18n/locales/', import.meta.url), FIRST_SCREEN_TEXTS),
];
export default defineProject(config);
