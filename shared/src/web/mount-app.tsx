import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

// Both apps import this module first, before any schema is built: zod must never probe or use
// `new Function`, which the Content-Security-Policy forbids (docs/DEPLOY.md, "Security headers").
// Zod 4 keeps its configuration on `globalThis.__zod_globalConfig` (one object for every copy of
// zod), so this sets it without loading zod, which the member app's first screen goes without
// (shared/test/web/zod-jitless.test.ts checks zod reads it, whichever comes first).
const zodHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHolder.__zod_globalConfig ??= {};
zodHolder.__zod_globalConfig.jitless = true;

/**
 * Renders `app` into #root once `prepare` (the texts, at least) is done. If the app cannot
 * start, the bilingual error of the boot screen (shared/build/vite.ts) takes its place. The
 * first render is a transition, which React renders in slices of a few milliseconds: the boot
 * screen stays responsive and no long task holds up the browser on a slow phone (only the
 * commit, which puts the result on screen, runs at once).
 */
export function mountApp(app: ReactNode, prepare: () => Promise<unknown>): void {
  const container = document.getElementById('root')!;
  prepare()
    .then(() => {
      const root = createRoot(container);
      startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
    })
    .catch((error: unknown) => {
      console.error('The app could not start', error);
      const fallback = document.getElementById('boot-error') as HTMLTemplateElement | null;
      if (fallback) container.replaceChildren(fallback.content.cloneNode(true));
    });
}
