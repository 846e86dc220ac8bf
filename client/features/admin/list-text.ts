export const plural = (count: number, noun: string) =>
  `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** "24 players", "3 players match “ann”", or "Showing 500 of 1,204 players" when the list is capped. */
export function countText(shown: number, total: number, noun: string, q = ''): string {
  if (shown < total) return `Showing ${shown.toLocaleString('en-US')} of ${plural(total, noun)}`;
  return q ? `${plural(total, noun)} ${total === 1 ? 'matches' : 'match'} “${q}”` : plural(total, noun);
}
