// Vite bundles this config and leaves package imports to Node, which cannot load TypeScript: hence the relative path.

import { defineConfig } from 'vite';
import { appViteConfig } from '../shared/build/vite.ts';

export default defineConfig(
  appViteConfig(new URL('./', import.meta.url), { base: '/admin/', bootLabel: 'Shuttle Admin' }),
);
