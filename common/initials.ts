const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The first character of a text as a reader sees it (a grapheme): an emoji, a flag or a letter with its accent
 * stays whole, where `text[0]` would take half of an emoji's surrogate pair and draw it as "\uFFFD".
 */
export function firstCharacter(text: string): string {
  for (const { segment } of graphemes.segment(text.trim())) return segment;
  return '';
}

/**
 * The letters of an avatar, wherever one is drawn: the first character of the first and of the last word of a
 * name ("Jordan Rivera" and "Jordan R." give "JR", "Sam 🏓" gives "S🏓"), of the one word there is, or of an
 * e-mail's local part; "?" when nothing is left.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const ends = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return ends.map((word) => firstCharacter(word).toUpperCase()).join('');
}
