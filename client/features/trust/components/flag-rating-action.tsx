import { RatingRemovalButton, type useRatingRemovalDialogs } from '@client/components/rating-removal-dialogs';
import type { RatingToRemove } from '@client/components/remove-rating-dialog';
import { restoreTargetOf } from '@client/components/restore-rating-dialog';
import { Badge } from '@client/components/ui/badge';
import { useRemovedRatings } from '@client/lib/rating-removal';
import type { TrustFlag } from '@common/schemas/trust';
import { FLAG_TYPE } from '../trust-display';

/**
 * Remove beside a flagged rating, or Restore once it is removed (docs/product.md#take-down). A boost is one
 * rating of one player by one account; a ring's ratings are among its players, which one the flag does not say.
 */
export function FlagRatingAction({
  flag,
  ratingId,
  removal,
}: {
  flag: TrustFlag;
  ratingId: number;
  removal: ReturnType<typeof useRatingRemovalDialogs>;
}) {
  const removed = useRemovedRatings().get(ratingId);
  return (
    <>
      {removed && <Badge tone="solidDanger">Removed</Badge>}
      <RatingRemovalButton
        removed={removed !== undefined}
        subject={`#${ratingId}`}
        noun
        iconOnly
        variant="ghost"
        onClick={(button) =>
          removed
            ? removal.openRestore(restoreTargetOf(removed), button)
            : removal.openRemove(ratingOfFlag(flag, ratingId), button)
        }
      />
    </>
  );
}

function ratingOfFlag(flag: TrustFlag, ratingId: number): RatingToRemove {
  if (flag.type === 'boost' && flag.players.length === 1) {
    return { ratingId, playerId: flag.players[0].id, playerName: flag.players[0].name, rater: flag.accounts[0]?.email };
  }
  // A burst's ratings are all of its one player, each by one of its accounts.
  if (flag.type === 'burst' && flag.players.length === 1) {
    return { ratingId, playerId: flag.players[0].id, playerName: flag.players[0].name };
  }
  const names = flag.players.map((player) => player.name);
  return { ratingId, context: `${FLAG_TYPE[flag.type].label} of ${names.join(', ') || 'unknown players'}` };
}
