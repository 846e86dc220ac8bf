/** "1 rating" / "3 ratings" (docs/product.md#leaderboard-screen: counts with their plural). */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** docs/product.md#leaderboard-screen: average helpfulness to one decimal, shown only when above 0 (null: leave it out). */
export const helpfulnessText = (average: number): string | null => (average > 0 ? average.toFixed(1) : null);

const count = new Intl.NumberFormat('en-US');

/** "#1,234 of 5,678" outside the list shown; "outside the top 50" while the board's counts are not known. */
export function placeText(place: { rank: number | null; rankedRaters: number | null }): string {
  if (place.rank === null) return 'outside the top 50';
  const of = place.rankedRaters === null ? '' : ` of ${count.format(place.rankedRaters)}`;
  return `#${count.format(place.rank)}${of}`;
}
