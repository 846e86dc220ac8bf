import { NearPlaceFields } from '@client/components/near-place-fields';
import { PlayerSearchResults } from '@client/components/player-search';
import { Avatar } from '@client/components/ui/avatar';
import { VerifiedBadge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { EstimateBadge } from '@client/components/ui/estimate-badge';
import { Spinner } from '@client/components/ui/spinner';
import { distanceText, searchStatus, usePlayerSearch } from '@client/lib/player-search-query';
import { initialsOf } from '@common/initials';
import { publicPlace } from '@common/player-path';
import type { PlayerSearchResult } from '@common/schemas/players';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LANDING_SEARCH_IDS, LandingNameField, SearchLayout, type LandingPanelProps } from './landing-search-layout';

/** Cards shown before "Show all": two rows on a wide screen, a short scroll on a phone. */
const FIRST_CARDS = 6;

/**
 * The landing page's search, loaded at the first sign of use (landing-player-search.tsx): by name, and "Players
 * near you" by ZIP or "City, ST" within a radius; each result a card linking to the player's page.
 */
export function LandingPlayerSearchPanel({ initial, focus }: LandingPanelProps) {
  const state = usePlayerSearch(initial);
  const { text, setText, search, ready, results } = state;
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? results : results.slice(0, FIRST_CARDS);

  // The field the visitor was in keeps the focus and its caret across the swap.
  useEffect(() => {
    if (!focus) return;
    const field = document.getElementById(focus.id);
    field?.focus();
    if (field instanceof HTMLInputElement && ['text', 'search'].includes(field.type) && focus.caret !== null) {
      field.setSelectionRange(focus.caret, focus.caret);
    }
  }, [focus]);

  return (
    <SearchLayout
      nameField={
        <LandingNameField
          value={text}
          onChange={(value) => {
            setText(value);
            setShowAll(false);
          }}
        />
      }
      nearFields={
        <NearPlaceFields
          nearId={LANDING_SEARCH_IDS.near}
          radiusId={LANDING_SEARCH_IDS.radius}
          near={state.near}
          onNearChange={(value) => {
            state.setNear(value);
            setShowAll(false);
          }}
          radiusMiles={state.radiusMiles}
          onRadiusChange={state.setRadiusMiles}
          error={state.nearProblem}
          onNearBlur={state.leaveNear}
        />
      }
    >
      <div className="mt-5 grid gap-3">
        <PlayerSearchResults
          state={state}
          status={
            <>
              {searchStatus(state)}
              {ready && search.isFetching && results.length > 0 && <Spinner className="text-teal-700" />}
            </>
          }
          statusClassName="flex items-center gap-2 text-sm text-stone-600 empty:hidden"
          players={shown}
          listLabel="Players found"
          listClassName="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          renderPlayer={(player) => <PlayerCard player={player} />}
        />
        {!showAll && results.length > FIRST_CARDS && (
          <Button variant="outline" className="justify-self-center" onClick={() => setShowAll(true)}>
            Show all {results.length} players
          </Button>
        )}
      </div>
    </SearchLayout>
  );
}

/** A result as a card: the whole card is the link to the player's page. */
function PlayerCard({ player }: { player: PlayerSearchResult }) {
  const place = publicPlace(player.location);
  return (
    <Link
      to={player.path}
      className="group flex h-full items-start gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition-colors outline-none hover:border-teal-300 hover:bg-teal-50/40 focus-visible:ring-2 focus-visible:ring-teal-600"
    >
      <Avatar className="size-11 rounded-full bg-teal-700 text-sm font-bold text-white">
        {initialsOf(`${player.firstName} ${player.lastName}`)}
      </Avatar>
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold wrap-anywhere text-stone-900 group-hover:text-teal-900 group-hover:underline">
            {player.firstName} {player.lastName}
          </span>
          {player.isVerified && <VerifiedBadge />}
        </span>
        <span className="flex flex-wrap items-center gap-x-1.5 text-sm text-stone-600">
          {place && <span className="wrap-anywhere">{place}</span>}
          {player.distanceMiles !== undefined && (
            <>
              {place && <span aria-hidden>·</span>}
              <span className="font-medium text-teal-800 tabular-nums">{distanceText(player.distanceMiles)}</span>
            </>
          )}
        </span>
        <span className="mt-1">
          <EstimateBadge estimate={player.overallEstimate} />
        </span>
      </span>
    </Link>
  );
}
