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
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
