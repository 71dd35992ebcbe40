import { resolve } from 'node:path';
import { reportFirstScreen } from '@shuttle/shared/build/bundle-size.ts';

/**
 * Gzipped JavaScript of the admin app's first screen, the board (the landing screen after
 * sign-in), from the production build. The build fails when the first screen, every chunk the
 * entry, the board route and the board's zh-TW texts reach by static imports, is over
 * `FIRST_SCREEN_BUDGET_BYTES` (issue 30's goal), or when one of those chunks is not preloaded
 * by index.html (docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
 */
export const FIRST_SCREEN_BUDGET_BYTES = 120 * 1000;

reportFirstScreen({
  app: 'Admin app',
  workspace: 'admin-app',
  dist: resolve(import.meta.dirname, '../dist'),
  base: '/admin/',
  homeRoute: 'src/app/routes/board.tsx',
  texts: /^virtual:first-screen-texts\/zh-TW$/,
  firstScreenBudgetBytes: FIRST_SCREEN_BUDGET_BYTES,
});
