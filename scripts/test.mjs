// `npm test`: the unit and API suite (Vitest), then the browser suite when a Chromium is available.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args, env = process.env) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;

const unit = run('npx', ['vitest', 'run']);
if (unit !== 0) process.exit(unit);

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.log(`\nEnd-to-end tests NOT run: no Chromium at ${chrome}. Install Debian's chromium or set CHROME_PATH.`);
  process.exit(0);
}
if (!existsSync('e2e')) process.exit(0);
process.exit(run('node', ['scripts/e2e.mjs']));
