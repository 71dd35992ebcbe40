import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The manifest lets scripts/bundle-size.ts follow what the first screen loads.
    manifest: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      // shared/ only declares constants, schemas and pure functions: unused schemas drop out.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]shared[\\/]src[\\/]/.test(id) },
    },
  },
});
