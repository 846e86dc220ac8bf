import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

/** Builds the client once per run when the build is missing or older than this run's sources. */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === 'true' && existsSync('dist/client/index.html')) return;
  const result = spawnSync('node', ['scripts/build-client.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
  if (!existsSync('dist/client/index.html') || statSync('dist/client/index.html').size === 0) {
    throw new Error('vite build produced no index.html');
  }
}
