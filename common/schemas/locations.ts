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

/**
 * docs/product.md#places: what a location field says of a place the ZIP data does not know (registration, profile
 * edit, a new player in the rate wizard), from the server and, before sending, from the form.
 */
export const PLACE_UNKNOWN_MESSAGE =
  'Choose a place from the suggestions: a US ZIP code or "City, ST", e.g. 78701 or Austin, TX.';
/** The claim dialog's form of it: its place is three fields, filled from the Location suggestions. */
export const CLAIM_PLACE_UNKNOWN_MESSAGE =
  'This city, state and ZIP are not a US place we know. Pick yours from the Location suggestions.';
/** A location as long as registration takes it (PLAYER_LOCATION_MAX). */
export const PLACE_QUERY_MAX = 200;

/** GET /api/locations/resolve?q=: the text of a location field, as a form would send it. */
export const resolvePlaceQuerySchema = z.strictObject({
  q: z.string().trim().max(PLACE_QUERY_MAX, `q must be at most ${PLACE_QUERY_MAX} characters`),
});

/**
 * The place a text names, or null when it names none we know (docs/product.md#places): its parts, and `location`,
 * the text a player's place is stored and shown as ("Austin, TX", never the ZIP).
 */
export const resolvePlaceReplySchema = z.object({
  place: z.object({ city: z.string(), state: z.string(), zip: z.string().nullable(), location: z.string() }).nullable(),
});

export type ResolvePlaceReply = z.infer<typeof resolvePlaceReplySchema>;
export type LocationSuggestion = z.infer<typeof locationSuggestionSchema>;
export type LocationsReply = z.infer<typeof locationsReplySchema>;
