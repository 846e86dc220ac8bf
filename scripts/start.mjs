// `npm start`: builds the client when it is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const builtIndex = 'dist/client/index.html';
const sources = ['client', 'common'].filter(existsSync);
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (stale) {
  console.log('Building the client…');
  const build = spawnSync('node', ['scripts/build-client.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 0);
