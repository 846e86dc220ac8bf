/** Lower-case, accent-free, single-spaced: the form player names and places are searched in. */
export function normalizeForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A text's length as the server's schemas count it against their limits: trimmed, in UTF-16 code units. */
export const textLength = (value: string) => value.trim().length;

/** How far a text is past its limit (0 when it fits). */
export const charactersOver = (value: string, max: number) => Math.max(0, textLength(value) - max);
