/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, UserConfig } from 'vite';
import type { UserWorkspaceConfig } from 'vitest/config';

/** Reads an app's version from its package.json, for `__APP_VERSION__`. */
function versionOf(appDir: URL): string {
  return (JSON.parse(readFileSync(new URL('package.json', appDir), 'utf8')) as { version: string }).version;
}

/**
 * The body of both apps' index.html, in place of its `<!-- boot-screen … -->` comment: `#root`
 * showing the logo bobbing over `label` until the app renders, a bilingual error with a reload
 * button that main.tsx shows if the app cannot start, and the entry script src/main.tsx. The
 * boot screen's style goes at the end of the head; the head tags both apps share (charset, theme
 * colour, icon) go at its start, so each index.html holds only what is its own.
 */
export function bootScreen(label: string): Plugin {
  const commonHead = [
    '<meta charset="UTF-8" />',
    '<meta name="theme-color" content="#06C755" />',
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
  ].join('\n    ');
  const style = `<style>
      html,body{margin:0;background:#f4f6f8}
      .boot{position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:14px;font:600 15px/1.5 system-ui,-apple-system,"PingFang TC","Noto Sans TC","Microsoft JhengHei",sans-serif;color:#4b5563}
      .boot svg{width:64px;height:64px;animation:boot-bob 3s ease-in-out infinite}
      @keyframes boot-bob{0%,100%{transform:translateY(0) rotate(-8deg)}50%{transform:translateY(-10px) rotate(8deg)}}
      @media (prefers-reduced-motion:reduce){.boot svg{animation:none}}
      @media (prefers-color-scheme:dark){html,body{background:#0e1116}.boot{color:#c3cbd5}}
    </style>`;
  const screen = `<div id="root">
      <div class="boot" role="status" aria-live="polite">
        <svg viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="16" fill="#06C755"/><g fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"><path d="M22 14h20l-5 26H27z"/><path d="M29 14l1 26M35 14l-1 26M23 24h18"/></g><circle cx="32" cy="46" r="7" fill="#fff"/></svg>
        <span>${label}</span>
      </div>
    </div>
    <template id="boot-error">
      <div class="boot boot--error" role="alert">
        <p>無法載入，請檢查網路後重試。<br />Could not load, please check your connection.</p>
        <button type="button" onclick="location.reload()">重新整理 / Reload</button>
      </div>
    </template>
    <script type="module" src="/src/main.tsx"></script>`;
  return {
    name: 'shuttle-boot-screen',
    // Before Vite reads the page, so the inline style is minified like the rest.
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace('<head>', `<head>\n    ${commonHead}`)
          .replace('</head>', `  ${style}\n  </head>`)
          .replace(/<!-- boot-screen[^>]*-->/, screen),
    },
  };
}

/**
 * Production chunks that carry zod first turn its JIT off: zod would build its parsers with
 * `new Function`, which the apps' Content-Security-Policy forbids (docs/DEPLOY.md, "Security
 * headers"). Set before zod's own code in the chunk runs, so before any schema exists; in
 * development shared/src/web/mount-app.tsx does the same.
 */
export function zodWithoutEval(): Plugin {
  return {
    name: 'shuttle-zod-without-eval',
    apply: 'build',
    renderChunk(code, chunk) {
      if (!chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))) return null;
      return {
        code: `globalThis.__zod_globalConfig={...globalThis.__zod_globalConfig,jitless:true};${code}`,
        map: null,
      };
    },
  };
}

/** The names a JavaScript module exports (declarations and `export { a as b }` lists). */
export function exportedNames(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/g))
    names.add(m[1]!);
  for (const m of code.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/**
 * zod's JSON Schema generator (`v4/core/to-json-schema.js`, about 9 KB) stays out of the apps'
 * bundles: schemas reach it only through `toJSONSchema()` and `~standard.jsonSchema`, which
 * the browser never calls (the APIs publish their OpenAPI documents from the same schemas, on
 * the server). In its place goes a module with the same exports, each throwing when called
 * (the method factories `create…`, which schemas call as they are built, return a function
 * that throws); a zod upgrade that imports a new name from it fails the build, not the app.
 */
export function zodWithoutJsonSchema(): Plugin {
  const STUB = '\0shuttle:zod-without-json-schema';
  let real: string | undefined;
  return {
    name: 'shuttle-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !/[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(importer)) return null;
      if (!/(^|\/)to-json-schema\.js$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved) return null;
      real = resolved.id;
      return STUB;
    },
    load(id) {
      if (id !== STUB || !real) return null;
      const names = exportedNames(readFileSync(real, 'utf8'));
      const stub = (name: string) => (name.startsWith('create') ? `factory as ${name}` : `unavailable as ${name}`);
      return [
        "function unavailable() { throw new Error('zod JSON Schema generation is not part of the app bundle'); }",
        'function factory() { return unavailable; }',
        `export { ${names.map(stub).join(', ')} };`,
      ].join('\n');
    },
  };
}

/**
 * The Vite set-up both apps share: React, `@/` for the app's src, `__APP_VERSION__`, the boot
 * screen, `/api` (and `extraProxy`) proxied to the local server, and a production build with a
 * manifest for scripts/bundle-size.ts.
 */
export function appViteConfig(
  appDir: URL,
  options: { base: string; bootLabel: string; extraProxy?: string[] },
): UserConfig {
  const proxy = Object.fromEntries(
    ['/api', '/dev', ...(options.extraProxy ?? [])].map((path) => [path, 'http://localhost:3000']),
  );
  return {
    base: options.base,
    plugins: [react(), bootScreen(options.bootLabel), zodWithoutEval(), zodWithoutJsonSchema()],
    define: { __APP_VERSION__: JSON.stringify(versionOf(appDir)) },
    resolve: { alias: { '@': fileURLToPath(new URL('src', appDir)) } },
    server: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      modulePreload: { polyfill: false },
      rollupOptions: {
        // shared/ declares constants, schemas, pure functions and components without side effects:
        // the first chunk can take a constant without every zod schema, and unused schemas drop out.
        treeshake: { moduleSideEffects: (id: string) => !/[\\/]shared[\\/]src[\\/]/.test(id) },
      },
    },
  };
}

/**
 * An app's project in the root vitest.config.ts: its src tests in happy-dom, after testing/setup.ts.
 * Files share a worker's modules and page (`isolate: false`): loading React, the texts and the app
 * once per worker instead of once per file takes each app's tests from about 30 s to 8 s on 2
 * cores (docs/TESTING.md, "Suite time"). So a file leaves nothing behind: testing/setup.ts
 * (`setUpAppTests`, shared/src/web/testing-setup.ts) gives each file the app's i18next in Chinese
 * and empty storage, a test that stubs a browser API puts it back, and a file that mocks a module (`vi.mock`) loads what uses it afresh (`vi.resetModules`).
 */
export function appTestConfig(appDir: URL, name: string): UserWorkspaceConfig {
  return {
    plugins: [react()],
    define: { __APP_VERSION__: JSON.stringify('test') },
    resolve: { alias: { '@': fileURLToPath(new URL('src', appDir)) } },
    test: {
      name,
      root: fileURLToPath(new URL('..', appDir)),
      include: [`${name}/src/**/*.test.{ts,tsx}`],
      environment: 'happy-dom',
      isolate: false,
      setupFiles: [`${name}/src/testing/setup.ts`],
    },
  };
}
