import type { RatingReply } from '@common/schemas/ratings';

/** No person edits a rating within a second of sending it. */
const EDIT_MIN_GAP_MS = 1000;

/**
 * A rating is unedited until an edit moves its updatedAt past its createdAt. Ratings stored before the two were
 * written alike carry an updatedAt a few milliseconds after it, which is no edit either.
 */
export const wasEdited = (rating: Pick<RatingReply, 'createdAt' | 'updatedAt'>) =>
  Date.parse(rating.updatedAt) - Date.parse(rating.createdAt) >= EDIT_MIN_GAP_MS;
