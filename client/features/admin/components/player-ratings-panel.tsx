import { isLoaded, QueryStatus } from '@client/components/query-status';
import { RatingRemovalButton, useRatingRemovalDialogs } from '@client/components/rating-removal-dialogs';
import { RatingFeedback } from '@client/components/rating-scores';
import { ShowMore } from '@client/components/show-more';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { StarDisplay } from '@client/components/ui/star-display';
import { adminLabel } from '@client/lib/admin-label';
import { removedNotice } from '@client/lib/rating-removal';
import { usePagedList } from '@client/lib/use-paged-list';
import { cn } from '@client/lib/cn';
import { REMOVAL_RULE_LABELS } from '@common/removal-rules';
import type { AdminPlayer } from '@common/schemas/admin';
import type { AdminPlayerRating, AdminPlayerRatingsReply } from '@common/schemas/admin-player-ratings';
import { CalendarClock, EyeOff, MessageSquareOff, MessageSquareText, ShieldAlert, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { adminPlayerRatingsQuery } from '../api/get-player-ratings';
import { plural } from '../list-text';

const rowsOf = (page: { data: AdminPlayerRatingsReply }) => page.data.ratings;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The id of the panel, for the Ratings button's aria-controls. */
export const PLAYER_RATINGS_PANEL_ID = 'player-ratings-panel';

/**
 * A player's ratings in the Player List (docs/product.md#take-down): every one, removed ones marked with their rule,
 * with the rater's e-mail (admins see it even when anonymous), Remove or Restore on each. Opened from a player's
 * Ratings button; it takes focus when it opens.
 */
export function PlayerRatingsPanel({ player, onClose }: { player: AdminPlayer; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const removal = useRatingRemovalDialogs(heading);
  const { query, rows, showMore } = usePagedList(adminPlayerRatingsQuery(player.id), rowsOf);
  const name = `${player.firstName} ${player.lastName}`;
  const counts = query.data?.pages[0]?.data;

  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, [player.id]);

  return (
    <section
      id={PLAYER_RATINGS_PANEL_ID}
      aria-labelledby="player-ratings-heading"
      className="grid gap-3 rounded-xl border border-stone-200 bg-stone-50 p-2.5 sm:p-4"
    >
      <div className="flex items-start justify-between gap-3 px-0.5 pt-0.5 sm:p-0">
        <div className="grid min-w-0 gap-0.5">
          <h3
            id="player-ratings-heading"
            ref={heading}
            tabIndex={-1}
            className="font-bold wrap-anywhere text-stone-900 outline-none"
          >
            Ratings of {name}
          </h3>
          <p className="text-sm text-stone-600" aria-live="polite">
            {counts
              ? `${plural(counts.total, 'rating')}${counts.removed ? `, ${counts.removed.toLocaleString('en-US')} removed` : ''}`
              : ' '}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} className="-mt-1 -mr-1 size-9">
          <X aria-hidden className="size-5" />
          <span className="sr-only">Close the ratings of {name}</span>
        </Button>
      </div>

      {!isLoaded(query) ? (
        <QueryStatus query={query} loading="Loading ratings..." failed="Error loading ratings" />
      ) : rows.length === 0 ? (
        <p className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 bg-white px-4 py-6 text-sm text-stone-600">
          <MessageSquareOff aria-hidden className="size-4 text-stone-400" />
          Nobody has rated {name} yet.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={`Ratings of ${name}`}>
          {rows.map((rating) => (
            <li key={rating.id}>
              <AdminRatingCard
                rating={rating}
                onRemoval={(button) => {
                  const target = {
                    ratingId: rating.id,
                    playerId: player.id,
                    playerName: name,
                    rater: rating.raterEmail,
                    overallRating: rating.overallRating,
                    excerpt: rating.strengthsImprovements,
                  };
                  if (rating.removal) removal.openRestore({ ...target, removal: rating.removal }, button);
                  else removal.openRemove(target, button);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <ShowMore {...showMore} total={counts?.total} noun="ratings" />
      {removal.dialogs}
    </section>
  );
}

function AdminRatingCard({
  rating,
  onRemoval,
}: {
  rating: AdminPlayerRating;
  onRemoval: (button: HTMLElement) => void;
}) {
  const removed = rating.removal;
  return (
    <article
      aria-label={`Rating by ${rating.raterEmail}`}
      className={cn(
        'grid gap-3 rounded-xl bg-white p-3 ring-1 ring-inset sm:p-4',
        removed ? 'ring-red-200' : 'ring-stone-200',
      )}
    >
      {/* The stars go under the rater on a phone, where the e-mail needs the whole width. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0 flex-[1_1_14rem]">
          <p className="font-semibold wrap-anywhere text-stone-900">{rating.raterName ?? 'No name'}</p>
          <p className="text-sm break-all text-stone-600">{rating.raterEmail}</p>
        </div>
        <p className="flex shrink-0 items-center gap-2">
          <span className="text-xs font-medium text-stone-500">Overall</span>
          <StarDisplay value={rating.overallRating} showValue />
        </p>
      </div>
      <RatingBadges rating={rating} />
      {removed && (
        <div className="flex items-start gap-2.5 rounded-lg bg-red-50 px-3 py-2.5 ring-1 ring-red-200 ring-inset">
          <Trash2 aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
          <div className="grid min-w-0 gap-0.5 text-sm">
            <p className="font-semibold text-red-900">{removedNotice(removed.rule)}</p>
            <p className="text-xs text-red-900">
              Removed <time dateTime={removed.removedAt}>{dateTime.format(new Date(removed.removedAt))}</time> by{' '}
              {adminLabel(removed.removedBy)}
            </p>
            {removed.note && (
              <p className="text-xs wrap-anywhere text-red-900">
                <span className="font-semibold">Note:</span> {removed.note}
              </p>
            )}
          </div>
        </div>
      )}
      <div className={cn('grid gap-3', removed && 'opacity-75')}>
        <RatingFeedback rating={rating} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <p className="text-xs text-stone-600">
          Rated <time dateTime={rating.createdAt}>{dateTime.format(new Date(rating.createdAt))}</time>
        </p>
        <RatingRemovalButton
          removed={removed !== null}
          subject={`the rating by ${rating.raterEmail}`}
          onClick={onRemoval}
        />
      </div>
    </article>
  );
}

function RatingBadges({ rating }: { rating: AdminPlayerRating }) {
  if (!rating.removal && !rating.isAnonymous && !rating.awaitingRelease && !rating.isHeld) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {rating.removal && <Badge tone="solidDanger">Removed · {REMOVAL_RULE_LABELS[rating.removal.rule]}</Badge>}
      {rating.isAnonymous && (
        <Badge tone="neutral">
          <EyeOff aria-hidden className="size-3.5" />
          Anonymous
        </Badge>
      )}
      {rating.awaitingRelease && (
        <Badge tone="brand">
          <CalendarClock aria-hidden className="size-3.5" />
          Not released yet
        </Badge>
      )}
      {rating.isHeld && (
        <Badge tone="warning">
          <ShieldAlert aria-hidden className="size-3.5" />
          Comment under review
        </Badge>
      )}
    </div>
  );
}

/** A player's Ratings button in the Player List: opens (or closes) the panel of their ratings. */
export function PlayerRatingsButton({
  player,
  expanded,
  onToggle,
}: {
  player: AdminPlayer;
  expanded: boolean;
  onToggle: (button: HTMLElement) => void;
}) {
  return (
    <Button
      variant={expanded ? 'secondary' : 'outline'}
      size="sm"
      aria-expanded={expanded}
      aria-controls={expanded ? PLAYER_RATINGS_PANEL_ID : undefined}
      onClick={(event) => onToggle(event.currentTarget)}
    >
      <MessageSquareText aria-hidden className="size-4" />
      Ratings
      <span className="sr-only"> of {`${player.firstName} ${player.lastName}`}</span>
    </Button>
  );
}

/**
 * The Player List's one open ratings panel: `buttonFor` a player's row, and the `panel` to show under the list.
 * Closing it puts focus back on the player's Ratings button.
 */
export function usePlayerRatingsPanel() {
  const [open, setOpen] = useState<{ player: AdminPlayer; opener: HTMLElement } | null>(null);
  const close = () => {
    if (open?.opener.isConnected) open.opener.focus();
    setOpen(null);
  };
  return {
    buttonFor: (player: AdminPlayer) => (
      <PlayerRatingsButton
        player={player}
        expanded={open?.player.id === player.id}
        onToggle={(opener) => setOpen((current) => (current?.player.id === player.id ? null : { player, opener }))}
      />
    ),
    panel: open && <PlayerRatingsPanel key={open.player.id} player={open.player} onClose={close} />,
  };
}
