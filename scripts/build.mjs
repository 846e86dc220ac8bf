// `npm run build`: the client (Vite) and the server (esbuild), each timed.
import { spawnSync } from 'node:child_process';

for (const [label, script] of [
  ['client', 'scripts/build-client.mjs'],
  ['server', 'scripts/build-server.mjs'],
]) {
  const started = performance.now();
  process.stdout.write(`Building the ${label}… `);
  const result = spawnSync(process.execPath, [script], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
