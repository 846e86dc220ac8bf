// `npm start`: builds what is missing or older than its sources, then runs the compiled server in this very
// process, so a stop signal reaches the server itself (npm forwards SIGTERM and SIGINT to it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const isStale = (output, sources) =>
  !existsSync(output) || Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(output).mtimeMs;

const parts = [
  { label: 'client', output: 'dist/client/index.html', sources: ['client', 'common'], script: 'build-client.mjs' },
  { label: 'server', output: 'dist/server/main.js', sources: ['server', 'common'], script: 'build-server.mjs' },
];
for (const part of parts) {
  if (!isStale(part.output, part.sources)) continue;
  const started = performance.now();
  console.log(`Building the ${part.label} (${existsSync(part.output) ? 'sources changed' : 'first start'})…`);
  const build = spawnSync(process.execPath, [path.join('scripts', part.script)], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Built the ${part.label} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

await import(pathToFileURL(path.resolve('dist/server/main.js')).href);
