/**
 * The radii of the search near a place, in miles; 25 when a place comes without one. Apart from the schemas so
 * the landing page's search reads them without loading zod.
 */
export const SEARCH_RADII_MILES = [10, 25, 50, 100] as const;
export type SearchRadiusMiles = (typeof SEARCH_RADII_MILES)[number];
export const DEFAULT_SEARCH_RADIUS_MILES: SearchRadiusMiles = 25;
