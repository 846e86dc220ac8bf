import { maskEmail } from '../../../common/mask-email';

/**
 * How a rater is named to other users: the linked player's first name and last initial ("Jordan R."),
 * else the masked e-mail (docs/product.md#email-masking). Never a whole e-mail.
 */
export function raterDisplayName(player: { firstName: string | null; lastName: string | null }, email: string): string {
  const first = player.firstName?.trim() ?? '';
  if (first === '') return maskEmail(email);
  const initial = player.lastName?.trim().charAt(0).toUpperCase() ?? '';
  return initial === '' ? first : `${first} ${initial}.`;
}
