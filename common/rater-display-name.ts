import { firstCharacter } from './initials';
import { maskEmail } from './mask-email';

/**
 * How a named rater appears to the player they rated: first name and last initial ("Jordan R."), or the
 * masked e-mail (docs/product.md#email-masking) when the account has no name. Never the e-mail itself: it would let anyone who was
 * rated collect raters' addresses.
 */
export function raterDisplayName(firstName: string | null, lastName: string | null, email: string): string {
  const first = firstName?.trim();
  const initial = firstCharacter(lastName ?? '');
  if (first && initial) return `${first} ${initial.toUpperCase()}.`;
  if (first) return first;
  if (initial) return `${initial.toUpperCase()}.`;
  return maskEmail(email);
}
