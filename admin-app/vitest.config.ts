import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'admin-app',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['admin-app/src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['admin-app/src/testing/setup.ts'],
  },
});
