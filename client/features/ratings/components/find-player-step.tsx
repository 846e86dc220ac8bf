import { Alert } from '@client/components/ui/alert';
import { Badge, VerifiedBadge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { EstimateBadge } from '@client/components/ui/estimate-badge';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { NearPlaceFields } from '@client/components/near-place-fields';
import { distanceText, searchStatus, usePlayerSearch } from '@client/lib/player-search-query';
import { useAuth } from '@client/lib/use-auth';
import { SEARCH_MIN_LENGTH } from '@common/constants';
import type { PlayerSearchResult } from '@common/schemas/players';
import { ChevronRight, History, MapPin, Search, SquareArrowOutUpRight, UserPlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { NewPlayerDetails } from '../rating-draft';

/** §2 wizard step 1: search and pick a player, or "add as new player" (first, last, optional city, free-text state). */
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
  const inputId = useId();
  const [adding, setAdding] = useState(false);
  const state = usePlayerSearch();
  const { text, setText, search, ready, results } = state;
  const ownPlayerId = auth.linkedPlayer?.id ?? null;

  const startAdding = () => {
    setAdding(true);
    requestAnimationFrame(() => document.getElementById('new-player-firstName')?.focus());
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>Search for the player you want to rate</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
          />
          <Input
            id={inputId}
            type="search"
            className="pl-9"
            placeholder="Name or location"
            autoComplete="off"
            aria-describedby={`${inputId}-hint`}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {search.isFetching && ready && (
            <Spinner className="absolute top-1/2 right-3 -translate-y-1/2 text-teal-700" />
          )}
        </div>
        <p id={`${inputId}-hint`} className="text-xs text-stone-500">
          Type at least {SEARCH_MIN_LENGTH} characters.
        </p>
        <NearPlaceFields
          className="mt-1"
          near={state.near}
          onNearChange={state.setNear}
          radiusMiles={state.radiusMiles}
          onRadiusChange={state.setRadiusMiles}
        />
      </div>

      {search.isError && ready && (
        <Alert tone="error" title="Search failed">
          {serverMessage(search.error, 'Please try again.')}
        </Alert>
      )}
      <p role="status" className="-mt-2 text-sm text-stone-600 empty:hidden">
        {search.isFetching && results.length === 0
          ? ''
          : searchStatus(state, ' You can add them as a new player below.')}
      </p>

      {results.length > 0 && (
        // §9: the search result list is about 12rem high and scrolls; one column no wider than the card.
        <ul
          aria-label="Players found"
          className="-mx-1 -mt-2 grid max-h-48 grid-cols-1 gap-1.5 overflow-y-auto px-1 py-1"
        >
          {results.map((player) => {
            const isSelf = player.id === ownPlayerId;
            const loading = player.id === loadingPlayerId;
            return (
              <li key={player.id} className="flex items-stretch gap-1.5">
                <button
                  type="button"
                  disabled={isSelf || loadingPlayerId !== null}
                  onClick={() => onSelect(player)}
                  className="group flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl border border-stone-200 bg-white px-3 py-2.5 text-left transition-colors outline-none hover:border-teal-300 hover:bg-teal-50/50 focus-visible:ring-2 focus-visible:ring-teal-600 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-semibold text-stone-900">
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
                        <span className="truncate">{player.location}</span>
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
                {/* The row picks the player to rate; their page is one step aside (a link cannot sit in a button). */}
                <Link
                  to={player.path}
                  aria-label={`${player.firstName} ${player.lastName}: player page`}
                  title="Player page"
                  className="grid w-10 shrink-0 place-items-center rounded-xl border border-stone-200 bg-white text-stone-500 outline-none hover:border-teal-300 hover:text-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600"
                >
                  <SquareArrowOutUpRight aria-hidden className="size-4" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}

      <div className="rounded-2xl border border-dashed border-stone-300 bg-stone-50/70 p-4">
        {adding ? (
          <NewPlayerForm initialName={text} onCancel={() => setAdding(false)} onSubmit={onAddNew} />
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

function NewPlayerForm({
  initialName,
  onCancel,
  onSubmit,
}: {
  initialName: string;
  onCancel: () => void;
  onSubmit: (details: NewPlayerDetails) => void;
}) {
  const { toast, dismiss } = useToast();
  const warning = useRef<number | null>(null);
  const [first, ...rest] = initialName.trim().split(/\s+/);
  const [details, setDetails] = useState<NewPlayerDetails>({
    firstName: first ?? '',
    lastName: rest.join(' '),
    city: '',
    state: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof NewPlayerDetails, string>>>({});
  const set = (name: keyof NewPlayerDetails) => (value: string) => {
    setDetails((current) => ({ ...current, [name]: value }));
    // A corrected field no longer shows its error.
    if (value.trim()) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      firstName: details.firstName.trim() ? undefined : 'First name is required',
      lastName: details.lastName.trim() ? undefined : 'Last name is required',
    };
    setErrors(next);
    if (next.firstName || next.lastName) {
      // §5: a new player requires first and last name.
      warning.current = toast({
        title: 'Missing player details',
        description: "Please enter the new player's first and last name.",
        variant: 'destructive',
      });
      return;
    }
    // The warning is settled: it should not follow the player into step 2.
    if (warning.current !== null) dismiss(warning.current);
    onSubmit(details);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="new-player-heading">
      <h3 id="new-player-heading" className="text-base font-bold text-stone-900">
        Add a new player
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName}>
          <Input
            id="new-player-firstName"
            value={details.firstName}
            onChange={(event) => set('firstName')(event.target.value)}
          />
        </FormField>
        <FormField label="Last name" error={errors.lastName}>
          <Input value={details.lastName} onChange={(event) => set('lastName')(event.target.value)} />
        </FormField>
        <FormField label="City" optional>
          <Input value={details.city} onChange={(event) => set('city')(event.target.value)} />
        </FormField>
        <FormField label="State" optional>
          <Input
            placeholder="e.g. TX or Texas"
            value={details.state}
            onChange={(event) => set('state')(event.target.value)}
          />
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Back to search
        </Button>
        <Button type="submit">
          Continue to Ratings
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </form>
  );
}
