/** "1 rating" / "3 ratings" (§2: counts with their plural). */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** §2/§9: average helpfulness to one decimal, shown only when above 0 (null: leave it out). */
export const helpfulnessText = (average: number): string | null => (average > 0 ? average.toFixed(1) : null);

/** The avatar's letters: "Jordan R." gives "JR"; a masked e-mail its first letter. */
export function initialsOf(displayName: string): string {
  if (displayName.includes('@')) return displayName.charAt(0).toUpperCase();
  const words = displayName.split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
