// Vite bundles this config and leaves package imports to Node, which cannot load TypeScript: hence the relative path.

import { defineConfig } from 'vite';
import { firstScreenTexts } from '../shared/build/first-screen-texts.ts';
import { preloadFirstScreen } from '../shared/build/preload-first-screen.ts';
import { appViteConfig } from '../shared/build/vite.ts';
import { FIRST_SCREEN_TEXTS } from './src/app/first-screen-texts.ts';

const config = appViteConfig(new URL('./', import.meta.url), { base: '/admin/', bootLabel: 'Shuttle Admin' });
// The board (the landing screen after sign-in) and its own zh-TW texts are lazy chunks the first
// screen always needs: index.html preloads them beside the entry (docs/PLAYER-EXPERIENCE.md,
// "Speed", for admins); scripts/bundle-size.ts fails the build on one left out.
config.plugins = [
  ...(config.plugins ?? []),
  firstScreenTexts(new URL('../shared/src/i18n/locales/', import.meta.url), FIRST_SCREEN_TEXTS),
  preloadFirstScreen([/[\\/]src[\\/]app[\\/]routes[\\/]board\.tsx$/, /first-screen-texts\/zh-TW$/], '/admin/'),
];
// What the entry imports statically is one chunk; zod and the contracts are a chunk of their own,
// which only the calls (lib/api-contracts.ts) and the forms that check their fields load.
config.build = {
  ...config.build,
  rollupOptions: {
    ...config.build?.rollupOptions,
    output: {
      codeSplitting: {
        groups: [
          // What the entry imports statically is one chunk (fewer round trips on a slow phone).
          { name: 'start', tags: ['$initial'], priority: 3 },
          {
            name: 'contracts',
            minShareCount: 2,
            priority: 1.5,
            // Not everything the schemas import: a screen that takes a date helper of the Taipei
            // calendar (shared/src/time.ts, a small chunk of its own) must not bring zod and every
            // schema with it (the check-in screen did).
            includeDependenciesRecursively: false,
            test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/]src[\\/](schemas[\\/]|envelope\.ts$|errors\.ts$)|zod-without-json-schema/,
          },
          // The small components and helpers the board shares with other screens (rows, badges,
          // headers, formatting): one chunk the board preloads instead of a dozen, each of which
          // costs a request and a gzip frame. Only modules without zod: the contracts stay apart.
          {
            name: 'board-parts',
            minShareCount: 2,
            priority: 1,
            includeDependenciesRecursively: false,
            test: /[\\/](admin-app[\\/]src[\\/](components[\\/](empty-state|page-header|query-view|session-row|session-badges|stat-card|fill-bar)|hooks[\\/]use-document-title)|shared[\\/]src[\\/]web[\\/](empty-state|format|choices|session-status))\.tsx?$/,
          },
        ],
      },
    },
  },
};
export default defineConfig(config);
