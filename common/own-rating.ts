/**
 * docs/product.md#roles: a rating is the user's own when they wrote it: it names their account, or it is keyed by their e-mail
 * address (ratings are keyed by raterEmail) in any letter case. Its rater may read and edit it, and may not
 * judge its helpfulness (docs/product.md#helpfulness-rules). One rule for the server and the client.
 */
export function isOwnRating(
  rating: { raterUserId: string | null; raterEmail: string },
  user: { id: string; email: string },
): boolean {
  return rating.raterUserId === user.id || rating.raterEmail.toLowerCase() === user.email.toLowerCase();
}
