import { resolve } from 'node:path';
import { reportFirstScreen } from '@shuttle/shared/build/bundle-size.ts';

/**
 * Gzipped JavaScript of the member app's first screen, from the production build: players open
 * the app from LINE on their phones. The build fails when the first screen, every chunk the
 * entry (home included) and the first screen's zh-TW texts reach by static imports, is over
 * `FIRST_SCREEN_BUDGET_BYTES` (issue 22's goal), or when one of those chunks is not preloaded by
 * index.html (docs/PLAYER-EXPERIENCE.md, "Speed").
 */
export const FIRST_SCREEN_BUDGET_BYTES = 120 * 1000;

reportFirstScreen({
  app: 'Member app',
  workspace: 'liff-app',
  dist: resolve(import.meta.dirname, '../dist'),
  base: '/',
  homeRoute: 'src/app/routes/home.tsx',
  texts: /^virtual:first-screen-texts\/zh-TW$/,
  firstScreenBudgetBytes: FIRST_SCREEN_BUDGET_BYTES,
});
