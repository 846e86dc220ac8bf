import { RATING_CATEGORIES, type RatingCategoryKey } from '@common/constants';
import type { PlayerSearchResult } from '@common/schemas/players';
import { RATING_TEXT_MAX, type CreateRatingBody, type EditRatingBody, type RatingReply } from '@common/schemas/ratings';
import { commentLength as countCommentLength, starBucket } from '@common/rating-rules';
import { charactersOver } from '@common/text';
import type { CategoryScores } from './overall-mean';

/** The six star ratings of the wizard (docs/product.md#rating-categories): the five categories and the overall "would play again". */
export type Scores = CategoryScores & { overallRating: number };
export type CategoryComments = Record<RatingCategoryKey, string>;

export type RatingDraft = {
  scores: Scores;
  isAnonymous: boolean;
  strengthsImprovements: string;
  comments: CategoryComments;
};

export type NewPlayerDetails = { firstName: string; lastName: string; city: string; state: string };

/** Who is being rated: a found player, or a new one added in step 1 (docs/product.md#rate-a-player). */
export type RatingTarget =
  { kind: 'existing'; player: PlayerSearchResult } | { kind: 'new'; details: NewPlayerDetails };

export const SCORE_KEYS = [...RATING_CATEGORIES.map((category) => category.key), 'overallRating'] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];

const commentKey = (key: RatingCategoryKey) => `${key}Comments` as const;

const noComments = (): CategoryComments =>
  Object.fromEntries(RATING_CATEGORIES.map(({ key }) => [key, ''])) as CategoryComments;

/** docs/product.md#rate-a-player: a fresh rating starts with every score at 0 and anonymous on (the wizard defaults it to true). */
export function freshDraft(): RatingDraft {
  return {
    scores: {
      serveReturn: 0,
      groundstrokesThirdShot: 0,
      netPlayVolleysDinks: 0,
      movementCourtAwareness: 0,
      mentalPhysicalGame: 0,
      overallRating: 0,
    },
    isAnonymous: true,
    strengthsImprovements: '',
    comments: noComments(),
  };
}

/** docs/product.md#rate-a-player update flow: an earlier rating loaded into the form (a stored mean overall shows as whole stars). */
export function draftFromRating(rating: RatingReply): RatingDraft {
  const comments = noComments();
  for (const { key } of RATING_CATEGORIES) comments[key] = rating[commentKey(key)] ?? '';
  return {
    scores: {
      serveReturn: rating.serveReturn,
      groundstrokesThirdShot: rating.groundstrokesThirdShot,
      netPlayVolleysDinks: rating.netPlayVolleysDinks,
      movementCourtAwareness: rating.movementCourtAwareness,
      mentalPhysicalGame: rating.mentalPhysicalGame,
      overallRating: starBucket(rating.overallRating),
    },
    isAnonymous: rating.isAnonymous,
    strengthsImprovements: rating.strengthsImprovements ?? '',
    comments,
  };
}

export const ratedCount = (scores: Scores) => SCORE_KEYS.filter((key) => scores[key] > 0).length;

/** docs/product.md#rate-a-player: all five categories and the overall above 0. */
export const allRated = (scores: Scores) => ratedCount(scores) === SCORE_KEYS.length;

export const targetName = (target: RatingTarget) =>
  target.kind === 'existing'
    ? `${target.player.firstName} ${target.player.lastName}`
    : `${target.details.firstName.trim()} ${target.details.lastName.trim()}`;

export type DraftProblem = { title: string; description: string; field?: ScoreKey };

/** A comment past RATING_TEXT_MAX (docs/product.md#rating-rules): the form shows it and refuses to send it. */
export const TEXT_TOO_LONG: DraftProblem = {
  title: 'Comment too long',
  description: `Each comment can be at most ${RATING_TEXT_MAX.toLocaleString('en-US')} characters. Shorten the one marked in red.`,
};

export const hasTooLongText = (draft: Pick<RatingDraft, 'strengthsImprovements' | 'comments'>) =>
  [draft.strengthsImprovements, ...Object.values(draft.comments)].some(
    (text) => charactersOver(text, RATING_TEXT_MAX) > 0,
  );

/** The rating form's checks before a submit (docs/product.md#validation-messages), in order; null when the rating can be sent. */
export function draftProblem(draft: RatingDraft, target: RatingTarget | null, signedIn: boolean): DraftProblem | null {
  if (!allRated(draft.scores)) {
    return {
      title: 'Please provide ratings for all categories',
      description: 'Give each of the five categories and the overall rating at least one star.',
      field: 'serveReturn',
    };
  }
  if (hasTooLongText(draft)) return TEXT_TOO_LONG;
  if (!signedIn) return { title: 'Authentication required', description: 'Please sign in to rate a player.' };
  if (!target) return { title: 'Please select a player', description: 'Search for a player or add a new one.' };
  if (target.kind === 'new' && (!target.details.firstName.trim() || !target.details.lastName.trim())) {
    return { title: 'Missing player details', description: "Please enter the new player's first and last name." };
  }
  return null;
}

const texts = (draft: RatingDraft) => ({
  strengthsImprovements: draft.strengthsImprovements.trim() || null,
  serveReturnComments: draft.comments.serveReturn.trim() || null,
  groundstrokesThirdShotComments: draft.comments.groundstrokesThirdShot.trim() || null,
  netPlayVolleysDinksComments: draft.comments.netPlayVolleysDinks.trim() || null,
  movementCourtAwarenessComments: draft.comments.movementCourtAwareness.trim() || null,
  mentalPhysicalGameComments: draft.comments.mentalPhysicalGame.trim() || null,
});

const categoryScores = ({ overallRating: _overall, ...scores }: Scores): CategoryScores => scores;

/** docs/product.md#rating-calls POST /api/ratings body (isNewPlayer with the new player's details, or the chosen playerId). */
export function createBody(draft: RatingDraft, target: RatingTarget, raterEmail: string | null): CreateRatingBody {
  const base = {
    playerName: targetName(target),
    ...(raterEmail ? { raterEmail } : {}),
    isAnonymous: draft.isAnonymous,
    ...categoryScores(draft.scores),
    overallRating: draft.scores.overallRating,
    ...texts(draft),
  };
  if (target.kind === 'existing') return { ...base, playerId: target.player.id, isNewPlayer: false };
  return {
    ...base,
    isNewPlayer: true,
    newPlayerFirstName: target.details.firstName.trim(),
    newPlayerLastName: target.details.lastName.trim(),
    newPlayerCity: target.details.city.trim() || null,
    newPlayerState: target.details.state.trim() || null,
  };
}

/** docs/product.md#rating-calls PUT /api/ratings/{id} body: the five categories, overallRating and the texts (empty clears). */
export function editBody(
  scores: Scores,
  draftTexts: Pick<RatingDraft, 'strengthsImprovements' | 'comments'>,
): EditRatingBody {
  return {
    ...categoryScores(scores),
    overallRating: scores.overallRating,
    ...texts({ ...freshDraft(), ...draftTexts }),
  };
}

/**
 * The written feedback's length as the server counts it for the detailed-feedback bonus: all six texts, trimmed, in
 * characters as people count them (an emoji is one), by the same rule (common/rating-rules.ts).
 */
export const commentLength = (draft: RatingDraft) =>
  countCommentLength([draft.strengthsImprovements, ...Object.values(draft.comments)]);
