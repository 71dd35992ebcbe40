// Vite bundles this config and leaves package imports to Node, which cannot load TypeScript: hence the relative path.

import { defineProject } from 'vitest/config';
import { appTestConfig } from '../shared/build/vite.ts';

export default defineProject(appTestConfig(new URL('./', import.meta.url), 'admin-app'));
