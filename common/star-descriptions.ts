import type { RatingCategoryKey } from './constants';

/** The five stars in order, 1 first. */
type FiveDescriptions = readonly [string, string, string, string, string];

/**
 * What a star means in each docs/product.md#rating-categories category, written from the game's usual level descriptions
 * (1 = just starting out, 5 = advanced, tournament-level play). Shown in the rate wizard, the
 * edit dialog and on the About page, so raters read the same scale everywhere.
 */
export const STAR_DESCRIPTIONS: Record<RatingCategoryKey, FiveDescriptions> = {
  serveReturn: [
    'Often misses the serve; returns rarely land deep',
    'Gets most serves in; returns are short or high',
    'Reliable serve and return, with some depth',
    'Deep, consistent serves and returns with good placement',
    'Deep, varied serves and returns that set up the point',
  ],
  groundstrokesThirdShot: [
    'Learning to keep the ball in play from the baseline',
    'Keeps a short rally going; third shot is usually a drive',
    'Steady groundstrokes; starting to mix in the third-shot drop',
    'Chooses well between drop and drive; drops mostly land',
    'Controlled drives and drops that win the way to the net',
  ],
  netPlayVolleysDinks: [
    'New to the kitchen; volleys and dinks often miss',
    'Can dink a few in a row; volleys are mostly blocks',
    'Steady dinks and volleys; resets sometimes float up',
    'Patient dinking, firm volleys and dependable resets',
    'Controls the kitchen: placed dinks, resets and put-aways',
  ],
  movementCourtAwareness: [
    'Still learning where to stand and when to move up',
    'Moves to the ball but is often caught out of position',
    'Gets to the kitchen line and mostly stays with a partner',
    'Good footwork; reads the play and covers the gaps',
    'Anticipates shots and moves as one with a partner',
  ],
  mentalPhysicalGame: [
    'Focused on learning the rules and the basics',
    'Enjoys the game; errors can snowball in close games',
    'Keeps composure and plays a simple plan',
    'Stays calm under pressure and adjusts to opponents',
    'Composed, strategic and fit through the longest games',
  ],
};

/** The description of `stars` (1-5) in `category`, or undefined for no stars chosen. */
export function starDescription(category: RatingCategoryKey, stars: number): string | undefined {
  if (!Number.isInteger(stars) || stars < 1 || stars > 5) return undefined;
  return STAR_DESCRIPTIONS[category][stars - 1];
}
