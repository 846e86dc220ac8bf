import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as CommonPackage from '@zxcvbn-ts/language-common';

/**
 * What production asks of ADMIN_KEY, SESSION_SECRET and METRICS_TOKEN, on zxcvbn's scale (log2 of its guesses).
 * zxcvbn counts a character outside every pattern it knows as 10 guesses (3.3 bits), so it understates random keys:
 * 32 random letters and digits (190 bits in truth) score about 106, `openssl rand -base64 32` about 140. 100 asks
 * for some 31 characters that no sequence, keyboard walk, repeat, date or common word explains (decision 007).
 */
export const MIN_SECRET_BITS = 100;

// Loaded on first use, synchronously (configuration is parsed synchronously): only production checks secrets, so
// development, tests and every other process skip the dictionaries' ~80 ms of loading.
const require = createRequire(import.meta.url);
let meter: ZxcvbnFactory | undefined;

function strengthMeter(): ZxcvbnFactory {
  if (meter) return meter;
  const core = require('@zxcvbn-ts/core') as { ZxcvbnFactory: typeof ZxcvbnFactory };
  const common = require('@zxcvbn-ts/language-common') as typeof CommonPackage;
  meter = new core.ZxcvbnFactory({
    dictionary: common.dictionary,
    graphs: common.adjacencyGraphs,
    // The default (100) spends 50-150 ms a key trying l33t spellings of random characters; 10 still finds p4ssw0rd.
    l33tMaxSubstitutions: 10,
  });
  return meter;
}

/**
 * How many bits an attacker who tries patterns first needs to guess the secret: log2 of zxcvbn's estimate of
 * guesses, which finds sequences (`abcdef`), keyboard walks (`qwerty`), repeats, dates and common passwords.
 */
export function estimatedRandomBits(secret: string): number {
  if (secret.length === 0) return 0;
  return Math.log2(strengthMeter().check(secret).guesses);
}
