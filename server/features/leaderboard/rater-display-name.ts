import { raterDisplayName as nameOrMaskedEmail } from '../../../common/rater-display-name';

type Names = { firstName: string | null; lastName: string | null };

const hasName = ({ firstName, lastName }: Names) => Boolean(firstName?.trim() || lastName?.trim());

/**
 * How a rater is named to other users: the linked player's first name and last initial ("Jordan R."), else the
 * account's own name the same way, and only with no name at all the masked e-mail (docs/product.md#email-masking).
 * Never a whole e-mail.
 */
export function raterDisplayName(player: Names, email: string, account: Names): string {
  const { firstName, lastName } = hasName(player) ? player : account;
  return nameOrMaskedEmail(firstName, lastName, email);
}
