// Vite bundles this config and leaves package imports to Node, which cannot load TypeScript: hence the relative path.

import { defineConfig } from 'vite';
import { appViteConfig } from '../shared/build/vite.ts';

// The member app is served at the site root and reads its runtime settings from /app-config.json.
export default defineConfig(
  appViteConfig(new URL('./', import.meta.url), { base: '/', bootLabel: 'Shuttle', extraProxy: ['/app-config.json'] }),
);
