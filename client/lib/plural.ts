/** "1 player", "1,204 players": a count with its noun, in the plural unless the count is one. */
export const plural = (count: number, noun: string) =>
  `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
