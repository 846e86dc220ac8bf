import { PlayerNameField, PlayerSearchResults } from '@client/components/player-search';
import { Badge, VerificationBadge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EstimateBadge } from '@client/components/ui/estimate-badge';
import { distanceText, searchStatus, usePlayerSearch } from '@client/lib/player-search-query';
import { useAuth } from '@client/lib/use-auth';
import { NearPlaceFields } from '@client/components/near-place-fields';
import { publicPlace } from '@common/player-path';
import type { PlayerSearchResult } from '@common/schemas/players';
import { skillLabel } from '@common/skill-label';
import { ClipboardCopy, Link2, MapPin, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
// The claim dialog belongs to the claims feature (docs/product.md#claim-dialog); Player Registration is the one screen
// that opens it, so this is the single deliberate import across feature folders.
import { ClaimProfileButton } from '@client/features/claims/components/claim-dialog';

/**
 * docs/product.md#player-registration search: at least 2 characters; each result with names, location, skill level,
 * Verified/Unverified and Linked. Signed out "Use for Form"; signed in "Claim Profile".
 */
export function PlayerSearchPanel({
  onUseForForm,
  canClaim,
}: {
  onUseForForm: (player: PlayerSearchResult) => void;
  /** False while the caller has a profile or a pending claim: a claim would only be refused. */
  canClaim: boolean;
}) {
  const auth = useAuth();
  // Signed in with a profile or a pending claim: the search is for looking players up, not for finding oneself.
  const settled = auth.isAuthenticated && !canClaim;
  const state = usePlayerSearch();

  return (
    <Card>
      <CardHeader>
        <CardTitle icon={Search}>{settled ? 'Find players' : 'Find your player profile'}</CardTitle>
        <CardDescription>
          {settled
            ? 'Look up players by name or location, or near a ZIP code or city.'
            : `You may already be listed — someone may have rated you, or a club imported its players. Search first, then ${auth.isAuthenticated ? 'claim' : 'use'} the profile instead of creating a new one.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-1.5">
          <PlayerNameField label="Search players" state={state} />
        </div>
        <NearPlaceFields
          near={state.near}
          onNearChange={state.setNear}
          radiusMiles={state.radiusMiles}
          onRadiusChange={state.setRadiusMiles}
          error={state.nearProblem}
          onNearBlur={state.leaveNear}
        />

        <PlayerSearchResults
          state={state}
          status={searchStatus(state)}
          statusClassName="text-sm text-stone-600 empty:hidden"
          listLabel="Search results"
          // docs/product.md#limits-and-timings: the search result list is about 12rem high and scrolls; one column no wider than the card.
          listClassName="-mx-1 grid max-h-48 grid-cols-1 gap-2 overflow-y-auto px-1 py-1"
          renderPlayer={(player) => (
            <SearchResult
              player={player}
              action={
                auth.isAuthenticated ? (
                  // docs/product.md#claim-rules: a Linked profile is unavailable to claim, so it is not offered.
                  canClaim && player.userId === null && <ClaimProfileButton player={player} />
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onUseForForm(player)}
                    aria-label={`Use for Form: ${player.firstName} ${player.lastName}`}
                  >
                    <ClipboardCopy aria-hidden className="size-4" />
                    Use for Form
                  </Button>
                )
              }
            />
          )}
        />
      </CardContent>
    </Card>
  );
}

function SearchResult({ player, action }: { player: PlayerSearchResult; action: ReactNode }) {
  const linked = player.userId !== null;
  return (
    // In a narrow column (a phone, the desktop side card) the action wraps under the details, which wrap too.
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-stone-200 bg-white px-3 py-2.5">
      <div className="min-w-40 flex-1">
        <p className="font-semibold wrap-anywhere text-stone-900">
          <Link
            to={player.path}
            className="rounded-sm underline-offset-2 outline-none hover:text-teal-800 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600"
          >
            {player.firstName} {player.lastName}
          </Link>
        </p>
        <p className="flex items-start gap-1 text-sm text-stone-600">
          <MapPin aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          <span className="min-w-0 wrap-anywhere">{publicPlace(player.location)}</span>
          {player.distanceMiles !== undefined && (
            <span className="shrink-0 font-medium text-teal-800 tabular-nums">
              <span aria-hidden>· </span>
              {distanceText(player.distanceMiles)}
            </span>
          )}
        </p>
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
          <Badge tone="neutral">Skill: {skillLabel(player)}</Badge>
          <EstimateBadge estimate={player.overallEstimate} />
          <VerificationBadge verified={player.isVerified} />
          {linked && (
            <Badge tone="brand">
              <Link2 aria-hidden className="size-3.5" />
              Linked
            </Badge>
          )}
        </div>
      </div>
      <div className="shrink-0">{action}</div>
    </div>
  );
}
