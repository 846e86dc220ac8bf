// Builds the client for production whatever NODE_ENV the caller runs with: Vite takes a NODE_ENV that is
// already set (vitest sets "test", a shell may set "development") and would bundle React's development build.
// Then the server-side renderer of the signed-out pages (client/prerender.tsx) into dist/ssr.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const builds = [
  ['vite', 'build', '--logLevel', 'warn', ...process.argv.slice(2)],
  [
    'vite',
    'build',
    '--logLevel',
    'warn',
    '--ssr',
    path.resolve('client/prerender.tsx'),
    '--outDir',
    path.resolve('dist/ssr'),
  ],
];
for (const args of builds) {
  const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
