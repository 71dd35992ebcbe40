// Vite bundles this config and leaves package imports to Node, which cannot load TypeScript: hence the relative path.

import { defineConfig } from 'vite';
import { preloadFirstScreen } from '../shared/build/preload-first-screen.ts';
import { appViteConfig } from '../shared/build/vite.ts';

const config = appViteConfig(new URL('./', import.meta.url), { base: '/admin/', bootLabel: 'Shuttle Admin' });
// The board (the landing screen after sign-in) and its zh-TW texts are lazy chunks the first
// screen always needs: index.html preloads them beside the entry (docs/PLAYER-EXPERIENCE.md,
// "Speed", for admins); scripts/bundle-size.ts fails the build on one left out.
config.plugins = [
  ...(config.plugins ?? []),
  preloadFirstScreen(
    [/[\\/]src[\\/]app[\\/]routes[\\/]board\.tsx$/, /locales[\\/]zh-TW[\\/](admin|errors)\.json$/],
    '/admin/',
  ),
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
            test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/]src[\\/](schemas[\\/]|envelope\.ts$)/,
          },
        ],
      },
    },
  },
};
export default defineConfig(config);
