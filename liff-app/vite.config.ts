// Vite bundles this config and leaves package imports to Node, which cannot load TypeScript: hence the relative path.

import { defineConfig } from 'vite';
import { firstScreenTexts } from '../shared/build/first-screen-texts.ts';
import { preloadFirstScreen } from '../shared/build/preload-first-screen.ts';
import { appViteConfig } from '../shared/build/vite.ts';
import { FIRST_SCREEN_TEXTS } from './src/app/first-screen-texts.ts';

// The member app is served at the site root and reads its runtime settings from /app-config.json.
const config = appViteConfig(new URL('./', import.meta.url), {
  base: '/',
  bootLabel: 'Shuttle',
  extraProxy: ['/app-config.json'],
});
config.plugins = [
  ...(config.plugins ?? []),
  firstScreenTexts(new URL('../shared/src/i18n/locales/', import.meta.url), FIRST_SCREEN_TEXTS),
  preloadFirstScreen([/first-screen-texts\/zh-TW$/]),
];
// Fewer, larger chunks on the way to the first screen (docs/PLAYER-EXPERIENCE.md, "Speed"): a
// phone on HTTP/1.1 fetches six files at a time, so each small chunk costs a round trip. What the
// entry imports statically is one chunk; app code and zod that several lazy chunks share (the API
// client and schemas, dialogs, formatting) is another. The LIFF SDK and the texts stay apart.
config.build = {
  ...config.build,
  rollupOptions: {
    ...config.build?.rollupOptions,
    output: {
      codeSplitting: {
        groups: [
          { name: 'start', tags: ['$initial'], priority: 3 },
          // Downloaded beside the first screen, not in its way (app/bootstrap-auth.ts).
          {
            name: 'liff',
            test: /[\\/]node_modules[\\/]@line[\\/]liff[\\/]|[\\/]src[\\/]lib[\\/]liff\.ts$/,
            priority: 2,
          },
          // zod and the contracts: only what checks answers and forms needs them, not every dialog.
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
