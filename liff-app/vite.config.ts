// Vite bundles this config and leaves package imports to Node, which cannot load TypeScript: hence the relative path.

import { defineConfig, type Plugin } from 'vite';
import { firstScreenTexts } from '../shared/build/first-screen-texts.ts';
import { appViteConfig } from '../shared/build/vite.ts';
import { FIRST_SCREEN_TEXTS } from './src/app/first-screen-texts.ts';

/**
 * `<link rel="modulepreload">` for chunks the first screen always needs but imports lazily (the
 * home route and the zh-TW texts) and for every chunk they import statically (the `common`
 * chunk), so the browser fetches them all beside the entry chunk instead of one round trip
 * after it (docs/PLAYER-EXPERIENCE.md, "Speed"). scripts/bundle-size.ts counts every
 * statically reachable chunk and fails the build on one these links leave out.
 */
function preloadFirstScreen(modules: RegExp[]): Plugin {
  return {
    name: 'shuttle-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) add(imported);
        };
        for (const chunk of chunks)
          if (chunk.facadeModuleId && modules.some((m) => m.test(chunk.facadeModuleId!))) add(chunk.fileName);
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return html.replace('</head>', `  ${links.join('\n  ')}\n  </head>`);
      },
    },
  };
}

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
