import { PlayerNameField, PlayerSearchResults } from '@client/components/player-search';
import { NearPlaceFields } from '@client/components/near-place-fields';
import { Badge, VerifiedBadge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { EstimateBadge } from '@client/components/ui/estimate-badge';
import { Spinner } from '@client/components/ui/spinner';
import { distanceText, searchStatus, usePlayerSearch } from '@client/lib/player-search-query';
import { useAuth } from '@client/lib/use-auth';
import { publicPlace } from '@common/player-path';
import type { PlayerSearchResult } from '@common/schemas/players';
import { ChevronRight, History, MapPin, SquareArrowOutUpRight, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NewPlayerDetails } from '../rating-draft';
import { NewPlayerForm } from './new-player-form';

/** docs/product.md#rate-a-player wizard step 1: search and pick a player, or "add as new player" (first, last, optional city, free-text state). */
export function FindPlayerStep({
  onSelect,
  onAddNew,
  loadingPlayerId,
}: {
  onSelect: (player: PlayerSearchResult) => void;
  onAddNew: (details: NewPlayerDetails) => void;
  /** The already-rated player whose earlier rating is loading. */
  loadingPlayerId: number | null;
}) {
  const auth = useAuth();
  const [adding, setAdding] = useState(false);
  const state = usePlayerSearch();
  const ownPlayerId = auth.linkedPlayer?.id ?? null;

  const startAdding = () => {
    setAdding(true);
    requestAnimationFrame(() => document.getElementById('new-player-firstName')?.focus());
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-1.5">
        <PlayerNameField label="Search for the player you want to rate" state={state} />
        <NearPlaceFields
          className="mt-1"
          near={state.near}
          onNearChange={state.setNear}
          radiusMiles={state.radiusMiles}
          onRadiusChange={state.setRadiusMiles}
          error={state.nearProblem}
          onNearBlur={state.leaveNear}
        />
      </div>

      <PlayerSearchResults
        state={state}
        status={
          state.search.isFetching && state.results.length === 0
            ? ''
            : searchStatus(state, ' You can add them as a new player below.')
        }
        statusClassName="-mt-2 text-sm text-stone-600 empty:hidden"
        listLabel="Players found"
        // docs/product.md#limits-and-timings: the search result list is about 12rem high and scrolls; one column no wider than the card.
        listClassName="-mx-1 -mt-2 grid max-h-48 grid-cols-1 gap-1.5 overflow-y-auto px-1 py-1"
        itemClassName="flex items-stretch gap-1.5"
        renderPlayer={(player) => (
          <FoundPlayerRow
            player={player}
            isSelf={player.id === ownPlayerId}
            loading={player.id === loadingPlayerId}
            disabled={player.id === ownPlayerId || loadingPlayerId !== null}
            onSelect={() => onSelect(player)}
          />
        )}
      />

      <div className="rounded-2xl border border-dashed border-stone-300 bg-stone-50/70 p-4">
        {adding ? (
          <NewPlayerForm initialName={state.text} onCancel={() => setAdding(false)} onSubmit={onAddNew} />
        ) : (
          <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-stone-700">
              <span className="font-semibold text-stone-900">Can’t find them?</span> Add the player and rate them right
              away.
            </p>
            <Button variant="outline" onClick={startAdding}>
              <UserPlus aria-hidden className="size-4" />
              Add as new player
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * A found player: the row picks them to rate (not oneself, docs/product.md#validation-messages no self-rating); their page is one step aside,
 * since a link cannot sit in a button.
 */
function FoundPlayerRow({
  player,
  isSelf,
  loading,
  disabled,
  onSelect,
}: {
  player: PlayerSearchResult;
  isSelf: boolean;
  loading: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={onSelect}
        className="group flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl border border-stone-200 bg-white px-3 py-2.5 text-left transition-colors outline-none hover:border-teal-300 hover:bg-teal-50/50 focus-visible:ring-2 focus-visible:ring-teal-600 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="min-w-0 font-semibold wrap-anywhere text-stone-900">
              {player.firstName} {player.lastName}
            </span>
            {player.isVerified && <VerifiedBadge />}
            {player.alreadyRated && (
              <Badge tone="accent">
                <History aria-hidden className="size-3.5" />
                Rated by you
              </Badge>
            )}
            {isSelf && <Badge tone="brand">This is you</Badge>}
          </span>
          <span className="mt-1 block">
            <EstimateBadge estimate={player.overallEstimate} />
          </span>
          {/* On a phone the place takes its own line rather than shrinking to a letter beside the distance. */}
          <span className="mt-0.5 flex flex-wrap items-center gap-x-1 text-sm text-stone-600">
            <span className="flex min-w-0 items-center gap-1">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{publicPlace(player.location)}</span>
            </span>
            {player.distanceMiles !== undefined && (
              <>
                <span aria-hidden>·</span>
                <span className="shrink-0 font-medium text-teal-800 tabular-nums">
                  {distanceText(player.distanceMiles)}
                </span>
              </>
            )}
            <span aria-hidden>·</span>
            <span className="shrink-0">
              {player.ratingCount} rating{player.ratingCount === 1 ? '' : 's'}
            </span>
          </span>
        </span>
        {loading ? (
          <Spinner className="text-teal-700" label="Loading your earlier rating" />
        ) : (
          <ChevronRight
            aria-hidden
            className="size-5 shrink-0 text-stone-400 transition-transform group-hover:translate-x-0.5 group-hover:text-teal-700"
          />
        )}
      </button>
      <Link
        to={player.path}
        aria-label={`${player.firstName} ${player.lastName}: player page`}
        title="Player page"
        className="grid w-10 shrink-0 place-items-center rounded-xl border border-stone-200 bg-white text-stone-500 outline-none hover:border-teal-300 hover:text-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600"
      >
        <SquareArrowOutUpRight aria-hidden className="size-4" />
      </Link>
    </>
  );
}
