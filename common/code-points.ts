/**
 * A text's length as people count characters: code points, so an emoji is one, the same as PostgreSQL's length()
 * (String.length counts UTF-16 units, and let 25 emoji pass for 50 characters).
 */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
