import { z } from 'zod';
import { SEARCH_MIN_LENGTH } from '../constants';

/** docs/product.md#place-suggestions: at most 10 suggestions, at most 2 places per state. */
export const LOCATION_SUGGESTIONS_MAX = 10;
export const LOCATION_PER_STATE_MAX = 2;
export const LOCATION_QUERY_MIN = SEARCH_MIN_LENGTH;
export const LOCATION_QUERY_MAX = 100;

/**
 * GET /api/locations?q=: a ZIP prefix ("787"), or a city prefix with an optional state after a comma
 * ("spring", "Springfield, IL", "Austin, Texas"). A query shorter than 2 characters is not an error:
 * it answers no suggestions, as the field is queried while the user types.
 */
export const locationsQuerySchema = z.strictObject({
  q: z
    .string()
    .max(LOCATION_QUERY_MAX, `q must be at most ${LOCATION_QUERY_MAX} characters`)
    .optional()
    .transform((value) => (value ?? '').trim()),
});

/** One suggestion; `label` is the ZIP-first form 'zip — City, ST' that the client parses (docs/product.md#claim-dialog). */
export const locationSuggestionSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  label: z.string(),
});

export const locationsReplySchema = z.object({
  suggestions: z.array(locationSuggestionSchema),
});

export type LocationSuggestion = z.infer<typeof locationSuggestionSchema>;
export type LocationsReply = z.infer<typeof locationsReplySchema>;
