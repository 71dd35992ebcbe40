import type { Plugin } from 'vite';

/**
 * `<link rel="modulepreload">` for chunks the first screen always needs but imports lazily (the
 * member app's zh-TW texts, the admin app's board route and texts) and for every chunk they
 * import statically, below the app's `base`, so the browser fetches them all beside the entry chunk instead of one round trip
 * after it (docs/PLAYER-EXPERIENCE.md, "Speed"). Each app's scripts/bundle-size.ts counts every
 * statically reachable chunk and fails the build on one these links leave out.
 */
export function preloadFirstScreen(modules: RegExp[], base = '/'): Plugin {
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
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`);
        return html.replace('</head>', `  ${links.join('\n  ')}\n  </head>`);
      },
    },
  };
}
