// Compiles the server into dist/server/main.js (and the chunks it imports), which `node` runs directly (no tsx at run time).
// Dependencies stay in node_modules (`packages: 'external'`); the SQL migrations are copied next to the bundle,
// where server/db/client.ts looks for them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  // The trust jobs' worker thread has its own entry (server/features/trust/trust-runner.ts finds it beside main.js).
  entryPoints: { main: 'server/main.ts', 'trust-worker': 'server/features/trust/trust-worker.ts' },
  outdir,
  bundle: true,
  // A dynamic import() becomes a chunk of its own, loaded when it runs: the first-start demo world's generator needs
  // faker, a development dependency, and must not be imported by a production server (server/db/seed/first-start.ts).
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Stack traces point at the TypeScript source; the maps stay on the server (dist/client is what is served).
  sourcemap: 'linked',
  logLevel: 'warning',
});
cpSync('server/db/migrations', `${outdir}/migrations`, { recursive: true });
