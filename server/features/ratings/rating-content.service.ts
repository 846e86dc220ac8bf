import type { RatingRow } from '../../db/schema/index';

/** What the rater wrote, as stored: the five scores, the overall and the texts (answers that show a whole rating). */
export function ratingContent(rating: RatingRow) {
  return {
    serveReturn: rating.serveReturn,
    groundstrokesThirdShot: rating.groundstrokesThirdShot,
    netPlayVolleysDinks: rating.netPlayVolleysDinks,
    movementCourtAwareness: rating.movementCourtAwareness,
    mentalPhysicalGame: rating.mentalPhysicalGame,
    overallRating: rating.overallRating,
    strengthsImprovements: rating.strengthsImprovements,
    serveReturnComments: rating.serveReturnComments,
    groundstrokesThirdShotComments: rating.groundstrokesThirdShotComments,
    netPlayVolleysDinksComments: rating.netPlayVolleysDinksComments,
    movementCourtAwarenessComments: rating.movementCourtAwarenessComments,
    mentalPhysicalGameComments: rating.mentalPhysicalGameComments,
  };
}
