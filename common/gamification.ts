/**
 * Points, ranks and badges (docs/product.md#gamification-rules: one module).
 * The server awards from these rules; the About page and the dashboard render the same tables.
 */

/** Written feedback (strengths + category comments) of at least this many characters counts as detailed. */
export const DETAILED_FEEDBACK_MIN_CHARS = 50;
/** strengthsImprovements plus the five category comments. */
export const COMMENT_FIELD_COUNT = 6;

export const POINTS = {
  ratingSubmitted: 10,
  detailedFeedback: 5,
  helpfulnessPerStar: 2,
} as const;

/** The points table as the About page shows it. */
export const POINT_RULES = [
  { action: 'Submit a rating', points: `+${POINTS.ratingSubmitted}`, source: 'ratings' },
  {
    action: `Detailed feedback: written comments of at least ${DETAILED_FEEDBACK_MIN_CHARS} characters on a rating`,
    points: `+${POINTS.detailedFeedback} per rating`,
    source: 'ratings',
  },
  {
    action: 'Improvement: edit an earlier rating to add detailed feedback (removing it takes the bonus back)',
    points: `+${POINTS.detailedFeedback} per rating`,
    source: 'improvement',
  },
  {
    action: 'Helpful feedback: a helpfulness review of your rating by the rated player (1-5 stars)',
    points: `+${POINTS.helpfulnessPerStar} per star (up to +${POINTS.helpfulnessPerStar * 5}); a changed review adjusts by the difference`,
    source: 'helpfulness',
  },
] as const;

export const RANKS = [
  { name: 'Rookie', minPoints: 0 },
  { name: 'Bronze', minPoints: 50 },
  { name: 'Silver', minPoints: 200 },
  { name: 'Gold', minPoints: 500 },
  { name: 'Platinum', minPoints: 1200 },
  { name: 'Diamond', minPoints: 3000 },
] as const;

export type RankName = (typeof RANKS)[number]['name'];
export const RANK_NAMES = RANKS.map((rank) => rank.name) as [RankName, ...RankName[]];

export function rankForPoints(points: number): RankName {
  let rank: RankName = RANKS[0].name;
  for (const step of RANKS) if (points >= step.minPoints) rank = step.name;
  return rank;
}

/** The next rank up and the points still needed for it; null at the top rank. */
export function nextRank(points: number): { rank: RankName; pointsNeeded: number } | null {
  const step = RANKS.find((candidate) => candidate.minPoints > points);
  return step ? { rank: step.name, pointsNeeded: step.minPoints - points } : null;
}

export function isDetailedFeedback(commentLength: number): boolean {
  return commentLength >= DETAILED_FEEDBACK_MIN_CHARS;
}

/** Points a newly submitted rating earns its rater. */
export function pointsForRating(commentLength: number): number {
  return POINTS.ratingSubmitted + (isDetailedFeedback(commentLength) ? POINTS.detailedFeedback : 0);
}

/** Points for a change in the helpfulness stars a rater's ratings received (negative when a review is lowered). */
export function pointsForHelpfulness(starsDelta: number): number {
  return POINTS.helpfulnessPerStar * starsDelta;
}

/** An average of 1-5 star scores to one decimal (docs/product.md#limits-and-timings: helpfulness is shown to one decimal); 0 when none. */
export function averageToOneDecimal(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
}

/** What a badge rule can look at: the rater's running totals after an action, and that action itself. */
export type BadgeFacts = {
  ratingsSubmitted: number;
  detailedCommentsCount: number;
  helpfulnessSum: number;
  helpfulnessCount: number;
  /** The action produced a rating with all six comment fields filled in. */
  fullBreakdown: boolean;
  /** The action made an earlier rating detailed. */
  improvedRating: boolean;
};

/**
 * What a badge asks for, as data: the server checks it in JavaScript after most actions and inside the
 * rating's own SQL statement on submit (gamification.repo), so the two can never disagree.
 */
export type BadgeRule =
  | { kind: 'total'; total: 'ratingsSubmitted' | 'detailedCommentsCount'; atLeast: number }
  | { kind: 'action'; action: 'fullBreakdown' | 'improvedRating' }
  /** At least minReviews helpfulness reviews averaging minAverage stars or more. */
  | { kind: 'helpfulness'; minReviews: number; minAverage: number };

export function ruleHolds(rule: BadgeRule, facts: BadgeFacts): boolean {
  switch (rule.kind) {
    case 'total':
      return facts[rule.total] >= rule.atLeast;
    case 'action':
      return facts[rule.action];
    case 'helpfulness':
      // sum >= average × count: the same test as sum / count >= average, in integers.
      return (
        facts.helpfulnessCount >= rule.minReviews && facts.helpfulnessSum >= rule.minAverage * facts.helpfulnessCount
      );
  }
}

type BadgeDefinition = { type: string; name: string; description: string; icon: string; rule: BadgeRule };

const badge = <const B extends BadgeDefinition>(definition: B) => ({
  ...definition,
  earned: (facts: BadgeFacts) => ruleHolds(definition.rule, facts),
});

export const BADGES = [
  badge({
    type: 'first_rating',
    name: 'First Rating',
    description: 'Submit your first rating.',
    icon: 'star',
    rule: { kind: 'total', total: 'ratingsSubmitted', atLeast: 1 },
  }),
  badge({
    type: 'ten_ratings',
    name: 'Dedicated Rater',
    description: 'Submit 10 ratings.',
    icon: 'clipboard-check',
    rule: { kind: 'total', total: 'ratingsSubmitted', atLeast: 10 },
  }),
  badge({
    type: 'fifty_ratings',
    name: 'Veteran Rater',
    description: 'Submit 50 ratings.',
    icon: 'trophy',
    rule: { kind: 'total', total: 'ratingsSubmitted', atLeast: 50 },
  }),
  badge({
    type: 'detailed_reviewer',
    name: 'Detailed Reviewer',
    description: `Give detailed feedback (at least ${DETAILED_FEEDBACK_MIN_CHARS} characters) on 5 ratings.`,
    icon: 'message-square-text',
    rule: { kind: 'total', total: 'detailedCommentsCount', atLeast: 5 },
  }),
  badge({
    type: 'full_breakdown',
    name: 'Full Breakdown',
    description: 'Comment on all five categories and on strengths and improvements in one rating.',
    icon: 'list-checks',
    rule: { kind: 'action', action: 'fullBreakdown' },
  }),
  badge({
    type: 'second_look',
    name: 'Second Look',
    description: 'Improve an earlier rating by adding detailed feedback.',
    icon: 'pencil-line',
    rule: { kind: 'action', action: 'improvedRating' },
  }),
  badge({
    type: 'community_favorite',
    name: 'Community Favorite',
    description: 'Receive 10 helpfulness reviews averaging 4.0 stars or more.',
    icon: 'heart',
    rule: { kind: 'helpfulness', minReviews: 10, minAverage: 4 },
  }),
  badge({
    type: 'five_star_excellence',
    name: 'Five-Star Excellence',
    description: 'Hold a perfect 5.0 helpfulness average over at least 5 reviews.',
    icon: 'sparkles',
    rule: { kind: 'helpfulness', minReviews: 5, minAverage: 5 },
  }),
] as const;

export type BadgeType = (typeof BADGES)[number]['type'];
export type Badge = (typeof BADGES)[number];

/**
 * Badges an action newly earns: those whose rule holds after it but did not before. Badges are
 * kept once earned, even if a later change (a lowered review) would no longer meet the rule.
 */
export function newlyEarnedBadges(before: BadgeFacts, after: BadgeFacts): Badge[] {
  return BADGES.filter((badge) => badge.earned(after) && !badge.earned(before));
}
