import { resolve } from 'node:path';
import { reportFirstScreen } from '@shuttle/shared/build/bundle-size.ts';

/**
 * Gzipped JavaScript of the member app's first screen, from the production build. The build
 * fails when the initial route (entry + modulepreload) is over 150 KB: players open the app
 * from LINE on their phones.
 */
export const BUDGET_BYTES = 150 * 1000;

reportFirstScreen({
  app: 'Member app',
  workspace: 'liff-app',
  dist: resolve(import.meta.dirname, '../dist'),
  base: '/',
  homeRoute: 'src/app/routes/home.tsx',
  namespace: 'member',
  budgetBytes: BUDGET_BYTES,
});
