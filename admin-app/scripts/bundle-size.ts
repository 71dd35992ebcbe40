import { resolve } from 'node:path';
import { reportFirstScreen } from '@shuttle/shared/build/bundle-size.ts';

/**
 * Gzipped JavaScript of the admin app's first screen (the board), from the production build.
 * Printed for information only: the admin app runs on desktops after a login, so there is no
 * hard budget.
 */
reportFirstScreen({
  app: 'Admin app',
  workspace: 'admin-app',
  dist: resolve(import.meta.dirname, '../dist'),
  base: '/admin/',
  homeRoute: 'src/app/routes/board.tsx',
  texts: /locales\/zh-TW\/(admin|errors)\.json$/,
});
