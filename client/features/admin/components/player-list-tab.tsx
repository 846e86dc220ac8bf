import { isLoaded, QueryStatus } from '@client/components/query-status';
import { SearchBox } from '@client/components/search-box';
import { ShowMore } from '@client/components/show-more';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { useHomeTab } from '@client/lib/use-home-tab';
import { useSearchedList } from '@client/lib/use-searched-list';
import type { AdminPlayer, AdminPlayersReply } from '@common/schemas/admin';
import { BadgeCheck, CircleDashed, Combine, Link2, MapPin, SearchX, Upload, UsersRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { adminPlayersQuery } from '../api/get-admin-players';
import { countText, plural } from '../list-text';
import { MergePlayerDialog } from './merge-player-dialog';
import { usePlayerRatingsPanel } from './player-ratings-panel';

/** Player List (docs/product.md#admin-screens): search by name, e-mail or location; Verified/Unverified; a list about 24rem high (docs/product.md#limits-and-timings). */
export default function PlayerListTab() {
  const { openTab } = useHomeTab();
  const { query: players, q, rows, total, showMore, searchBox } = useSearchedList(adminPlayersQuery, rowsOf, totalOf);
  const [merging, setMerging] = useState<AdminPlayer | null>(null);
  const ratings = usePlayerRatingsPanel();

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <CardTitle>All Players</CardTitle>
          <CardDescription aria-live="polite">
            {players.data ? countText(total, total, 'player', q) : ' '}
          </CardDescription>
        </div>
        <SearchBox label="Search players" placeholder="Name, e-mail or location" {...searchBox} />
      </CardHeader>
      <div className="px-3 pt-4 pb-3 sm:px-4">
        {!isLoaded(players) ? (
          <QueryStatus query={players} loading="Loading players..." failed="Error loading players" />
        ) : rows.length === 0 ? (
          q ? (
            <EmptyState
              icon={SearchX}
              headingLevel={3}
              title="No players found"
              description={`No player matches “${q}”. Try part of a name, an e-mail or a city.`}
            />
          ) : (
            <EmptyState
              icon={UsersRound}
              headingLevel={3}
              title="No players yet"
              description="Players appear here once they register or are imported."
              action={
                <Button variant="outline" onClick={() => openTab('bulk')}>
                  <Upload aria-hidden className="size-4" />
                  Bulk Import
                </Button>
              }
            />
          )
        ) : (
          <div className="grid gap-3">
            <ul
              aria-label="Players"
              tabIndex={0}
              className="max-h-96 divide-y divide-stone-100 overflow-y-auto rounded-xl border border-stone-200 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
            >
              {rows.map((player) => (
                <PlayerRow
                  key={player.id}
                  player={player}
                  ratingsButton={ratings.buttonFor(player)}
                  onMerge={() => setMerging(player)}
                />
              ))}
            </ul>
            <ShowMore {...showMore} total={total} noun="players" />
            {ratings.panel}
          </div>
        )}
      </div>
      <MergePlayerDialog player={merging} onClose={() => setMerging(null)} />
    </Card>
  );
}

const rowsOf = (page: { data: AdminPlayersReply }) => page.data.players;
// Every match, counted by the server with the first page.
const totalOf = (page: { data: AdminPlayersReply }) => page.data.total;

function PlayerRow({
  player,
  ratingsButton,
  onMerge,
}: {
  player: AdminPlayer;
  ratingsButton: ReactNode;
  onMerge: () => void;
}) {
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-semibold wrap-anywhere text-stone-900">
            {player.firstName} {player.lastName}
          </span>
          {player.userId && (
            <Badge tone="brand">
              <Link2 aria-hidden className="size-3.5" />
              Linked
            </Badge>
          )}
        </p>
        <p className="truncate text-sm text-stone-700">{player.email}</p>
        <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
          <MapPin aria-hidden className="size-3.5 shrink-0 text-stone-400" />
          <span className="truncate">{player.location}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end sm:gap-1.5">
        {player.isVerified ? (
          <Badge tone="success">
            <BadgeCheck aria-hidden className="size-3.5" />
            Verified
          </Badge>
        ) : (
          <Badge tone="neutral">
            <CircleDashed aria-hidden className="size-3.5" />
            Unverified
          </Badge>
        )}
        {/* On a phone the line wraps between its parts, never inside one ("0 / ratings"). */}
        <span className="min-w-0 text-xs text-stone-600 sm:text-right">
          <span className="whitespace-nowrap">Skill {player.skillLevel}</span>
          {player.yearsPlaying && (
            <>
              {' · '}
              <span className="whitespace-nowrap">{player.yearsPlaying} yrs</span>
            </>
          )}
          {' · '}
          <span className="whitespace-nowrap">{plural(player.ratingCount, 'rating')}</span>
        </span>
        {/* The row's actions side by side, on a line of their own on a phone. */}
        <div className="flex basis-full flex-wrap gap-2 sm:basis-auto sm:justify-end">
          {ratingsButton}
          <Button size="sm" variant="outline" onClick={onMerge}>
            <Combine aria-hidden className="size-4" />
            Merge into…
            <span className="sr-only">
              {' '}
              ({player.firstName} {player.lastName})
            </span>
          </Button>
        </div>
      </div>
    </li>
  );
}
