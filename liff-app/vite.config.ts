// Vite bundles this config and leaves package imports to Node, which cannot load TypeScript: hence the relative path.

import { defineConfig, type Plugin } from 'vite';
import { appViteConfig } from '../shared/build/vite.ts';

/**
 * `<link rel="modulepreload">` for chunks the first screen always needs but imports lazily (the
 * home route and the zh-TW texts), so the browser fetches them beside the entry chunk instead
 * of one round trip after it (docs/PLAYER-EXPERIENCE.md, "Speed"). They count towards
 * the initial route's 150 KB budget (scripts/bundle-size.ts reads these links).
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
        const files = new Set<string>();
        // The chunks themselves, not what they import: their imports would pass the budget.
        for (const chunk of chunks)
          if (chunk.facadeModuleId && modules.some((m) => m.test(chunk.facadeModuleId!))) files.add(chunk.fileName);
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
  preloadFirstScreen([/src\/app\/routes\/home\.tsx$/, /locales\/zh-TW\/(member|errors)\.json$/]),
];
export default defineConfig(config);
