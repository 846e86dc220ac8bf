import { isLoaded, QueryStatus } from '@client/components/query-status';
import { SearchBox } from '@client/components/search-box';
import { Alert } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { SEARCH_DEBOUNCE_MS } from '@client/lib/use-searched-list';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import type { AdminPlayer } from '@common/schemas/admin';
import type { MergeCounts, MergeSide } from '@common/schemas/player-merge';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowLeft, ArrowRight, Combine, Link2, MapPin, SearchX } from 'lucide-react';
import { useState } from 'react';
import { adminPlayersQuery } from '../api/get-admin-players';
import { mergePreviewQuery, useMergePlayer } from '../api/merge-player';
import { plural } from '../list-text';

const nameOf = (player: AdminPlayer) => `${player.firstName} ${player.lastName}`;
/** A duplicate usually has the kept player's name: their e-mails tell the two apart. */
const withEmail = (player: AdminPlayer) => `${nameOf(player)} (${player.email})`;

/**
 * docs/product.md#merging-players: "Merge into…" on a player of All Players. The admin searches the player to keep,
 * sees what would move and be taken down (the server's preview, refusals included), and confirms. The dialog stays
 * open on a failure, with the server's reason.
 */
export function MergePlayerDialog({ player, onClose }: { player: AdminPlayer | null; onClose: () => void }) {
  const merge = useMergePlayer();
  return (
    <Dialog open={player !== null} onOpenChange={(open) => !open && !merge.isPending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        {player && <MergeSteps key={player.id} merged={player} merge={merge} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

type Merge = ReturnType<typeof useMergePlayer>;

function MergeSteps({ merged, merge, onClose }: { merged: AdminPlayer; merge: Merge; onClose: () => void }) {
  const [kept, setKept] = useState<AdminPlayer | null>(null);
  return kept ? (
    <ConfirmMerge merged={merged} kept={kept} merge={merge} onBack={() => setKept(null)} onClose={onClose} />
  ) : (
    <ChooseKept merged={merged} onChoose={setKept} />
  );
}

/** Step 1: the player to keep, searched among all players (the admin list's own call); a duplicate's last name first. */
function ChooseKept({ merged, onChoose }: { merged: AdminPlayer; onChoose: (player: AdminPlayer) => void }) {
  const [search, setSearch] = useState(merged.lastName);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const players = useInfiniteQuery(adminPlayersQuery(q));
  const candidates = (players.data?.pages[0]?.data.players ?? []).filter((player) => player.id !== merged.id);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Merge {nameOf(merged)} into…</DialogTitle>
        <DialogDescription>
          Choose the player to keep. Everything of {withEmail(merged)} moves there, and this player is deleted.
        </DialogDescription>
      </DialogHeader>
      <SearchBox
        label="Search the player to keep"
        placeholder="Name, e-mail or location"
        value={search}
        onChange={setSearch}
        busy={players.isFetching && !players.isPending}
      />
      {!isLoaded(players) ? (
        <QueryStatus query={players} loading="Loading players..." failed="Error loading players" />
      ) : candidates.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl bg-stone-50 px-4 py-6 text-sm text-stone-600">
          <SearchX aria-hidden className="size-4 shrink-0 text-stone-400" />
          {q ? `No other player matches “${q}”.` : 'No other player yet.'}
        </p>
      ) : (
        <ul
          aria-label="Players to keep"
          className="max-h-72 divide-y divide-stone-100 overflow-y-auto rounded-xl border border-stone-200"
        >
          {candidates.map((player) => (
            <li key={player.id}>
              <button
                type="button"
                onClick={() => onChoose(player)}
                className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-teal-50 focus-visible:bg-teal-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600"
              >
                <PlayerFacts player={player} className="min-w-0 flex-1" />
                <ArrowRight aria-hidden className="size-4 shrink-0 text-stone-400" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

/** Step 2: the two players, what the server says would move, and Merge players. */
function ConfirmMerge({
  merged,
  kept,
  merge,
  onBack,
  onClose,
}: {
  merged: AdminPlayer;
  kept: AdminPlayer;
  merge: Merge;
  onBack: () => void;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const preview = useQuery(mergePreviewQuery(merged.id, kept.id));
  const sameName = nameOf(merged) === nameOf(kept);
  const named = (player: AdminPlayer) => (sameName ? withEmail(player) : nameOf(player));

  const confirm = () =>
    merge.mutate(
      { mergedId: merged.id, keptId: kept.id },
      {
        onSuccess: () => {
          toast({
            title: 'Players merged',
            description: `${named(merged)} is now part of ${named(kept)}; the old page leads there.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          toast({
            title: 'Could not merge the players',
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
          void preview.refetch();
        },
      },
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>Merge into {nameOf(kept)}?</DialogTitle>
        <DialogDescription>
          This cannot be undone: the merged player is deleted, and their page leads to the kept player’s.
        </DialogDescription>
      </DialogHeader>
      <div className="grid items-center gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
        <Side label="Merged and deleted" player={merged} preview={preview.data?.merged} />
        <ArrowDown aria-hidden className="mx-auto size-5 text-stone-400 sm:hidden" />
        <ArrowRight aria-hidden className="hidden size-5 text-stone-400 sm:block" />
        <Side label="Kept" player={kept} preview={preview.data?.kept} kept />
      </div>
      {preview.isPending ? (
        <LoadingBlock label="Checking what moves..." className="py-4" />
      ) : preview.isError ? (
        <Alert tone="error" title="These players cannot be merged">
          {serverMessage(preview.error, 'Please try again.')}
        </Alert>
      ) : (
        <MovedList counts={preview.data.counts} keptName={nameOf(kept)} />
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={merge.isPending}>
          <ArrowLeft aria-hidden className="size-4" />
          Choose another
        </Button>
        <Button
          variant="destructive"
          onClick={confirm}
          disabled={!preview.isSuccess || preview.isFetching}
          loading={merge.isPending}
        >
          {!merge.isPending && <Combine aria-hidden className="size-4" />}
          {merge.isPending ? 'Merging...' : 'Merge players'}
        </Button>
      </DialogFooter>
    </>
  );
}

/** One of the two players, with the preview's up-to-date figures once it has come. */
function Side({
  label,
  player,
  preview,
  kept = false,
}: {
  label: string;
  player: AdminPlayer;
  preview: MergeSide | undefined;
  kept?: boolean;
}) {
  const linked = preview?.isLinked ?? player.userId !== null;
  return (
    <div
      className={cn(
        'min-w-0 rounded-xl px-4 py-3 ring-1 ring-inset',
        kept ? 'bg-teal-50 ring-teal-200' : 'bg-stone-50 ring-stone-200',
      )}
    >
      <p className={cn('text-xs font-semibold', kept ? 'text-teal-800' : 'text-stone-600')}>{label}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold wrap-anywhere text-stone-900">{nameOf(player)}</span>
        {linked && <LinkedBadge />}
      </p>
      <p className="truncate text-sm text-stone-700">{player.email}</p>
      <p className="truncate text-sm text-stone-600">{player.location}</p>
      <p className="text-sm text-stone-600">{plural(preview?.ratingCount ?? player.ratingCount, 'rating')}</p>
    </div>
  );
}

/** What the preview says would happen, one line each; the lines of nothing are left out. */
function MovedList({ counts, keptName }: { counts: MergeCounts; keptName: string }) {
  const lines = [
    counts.ratings === 0 ? 'No ratings to move' : `${plural(counts.ratings, 'rating')} move`,
    counts.duplicates > 0 &&
      `${plural(counts.duplicates, 'older duplicate rating')} removed: ${counts.duplicates === 1 ? 'its rater' : 'their raters'} rated both, and the newer rating stays`,
    counts.conflicts > 0 &&
      `${plural(counts.conflicts, 'rating')} by the kept player’s own account removed as a conflict of interest`,
    counts.claims > 0 && `${plural(counts.claims, 'claim')} move`,
    counts.flags > 0 && `${plural(counts.flags, 'moderation flag')} move with their ratings`,
    counts.linkMoves && `The account link moves to ${keptName}`,
  ].filter((line): line is string => typeof line === 'string');
  return (
    <div className="rounded-xl bg-stone-50 px-4 py-3 text-sm ring-1 ring-stone-200 ring-inset">
      <p className="text-xs font-semibold text-stone-600">What the merge does</p>
      <ul aria-label="What the merge does" className="mt-1.5 grid list-disc gap-1 pl-5 text-stone-900">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

function PlayerFacts({ player, className }: { player: AdminPlayer; className?: string }) {
  return (
    <span className={cn('grid gap-0.5', className)}>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold wrap-anywhere text-stone-900">{nameOf(player)}</span>
        {player.userId && <LinkedBadge />}
      </span>
      <span className="truncate text-sm text-stone-700">{player.email}</span>
      <span className="flex items-center gap-1 text-sm text-stone-600">
        <MapPin aria-hidden className="size-3.5 shrink-0 text-stone-400" />
        <span className="truncate">{player.location}</span>
        <span aria-hidden>·</span>
        <span className="whitespace-nowrap">{plural(player.ratingCount, 'rating')}</span>
      </span>
    </span>
  );
}

function LinkedBadge() {
  return (
    <Badge tone="brand">
      <Link2 aria-hidden className="size-3.5" />
      Linked
    </Badge>
  );
}
