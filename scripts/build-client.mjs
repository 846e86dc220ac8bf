// Builds the client for production whatever NODE_ENV the caller runs with: Vite takes a NODE_ENV that is
// already set (vitest sets "test", a shell may set "development") and would bundle React's development build.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
process.exit(result.status ?? 1);
