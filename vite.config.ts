import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Text files the server sends; each gets a .br and a .gz sibling at build time (served by content negotiation). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

// react-router's package exports only name its development build (dev warnings on); the production build sits
// next to it and differs by that switch, so a production bundle imports it by path.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    !isSsrBuild &&
      compression({
        include: COMPRESSIBLE,
        threshold: 512,
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        logLevel: 'silent',
      }),
  ],
  resolve: {
    alias: [
      { find: '@common', replacement: path.resolve(import.meta.dirname, 'common') },
      { find: '@client', replacement: path.resolve(import.meta.dirname, 'client') },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // No public source maps (they would publish the source); the server refuses *.map requests too.
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
}));
