import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The same aliases as vite.config.ts, so client modules under test resolve their imports.
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'common'),
      '@client': path.resolve(import.meta.dirname, 'client'),
    },
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Component tests (*.test.tsx) render into a DOM (happy-dom); everything else runs in plain Node.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'client/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['client/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['client/test/setup-dom.ts'],
        },
      },
    ],
  },
});
