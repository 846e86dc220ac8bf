// Browser suite: Vitest drives playwright-core against the real server in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.log(`End-to-end tests NOT run: no Chromium at ${chrome}. Install Debian's chromium or set CHROME_PATH.`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(result.status ?? 1);
