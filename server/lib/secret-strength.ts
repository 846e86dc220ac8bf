/**
 * A conservative estimate of how many bits of randomness a secret carries: its length times the smaller of
 * (a) log2 of the alphabet its character classes span and (b) the Shannon entropy of its own characters.
 * (b) is what catches `aaaaaaaaaaaa` or `abcabcabcabc`; (a) caps a long key drawn from few symbols.
 */
export function estimatedRandomBits(secret: string): number {
  const characters = [...secret];
  if (characters.length === 0) return 0;
  let alphabet = 0;
  if (/[a-z]/.test(secret)) alphabet += 26;
  if (/[A-Z]/.test(secret)) alphabet += 26;
  if (/[0-9]/.test(secret)) alphabet += 10;
  if (/[^a-zA-Z0-9]/.test(secret)) alphabet += 33;
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let entropyPerCharacter = 0;
  for (const count of counts.values()) {
    const p = count / characters.length;
    entropyPerCharacter -= p * Math.log2(p);
  }
  return characters.length * Math.min(Math.log2(alphabet), entropyPerCharacter);
}

/** What production asks of ADMIN_KEY and SESSION_SECRET: as much randomness as a 128-bit key. */
export const MIN_SECRET_BITS = 128;
