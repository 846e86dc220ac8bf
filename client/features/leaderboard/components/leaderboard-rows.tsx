import { Avatar } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import type { LeaderboardCurrentUser, LeaderboardEntry } from '@common/schemas/leaderboard';
import { Award, Crown, Medal, Star, type LucideIcon } from 'lucide-react';
import { initialsOf } from '@common/initials';
import { helpfulnessText, placeText, plural } from '../format-entry';

/** docs/product.md#leaderboard-screen: the top 3 get medal styling and an icon (Gold, Silver, Bronze). */
const MEDALS: Record<number, { label: string; icon: LucideIcon; row: string; badge: string }> = {
  1: {
    label: 'Gold',
    icon: Crown,
    row: 'border-amber-300 bg-gradient-to-r from-amber-50 to-white',
    badge: 'bg-gradient-to-br from-amber-300 to-amber-500 text-amber-950 shadow-amber-500/30',
  },
  2: {
    label: 'Silver',
    icon: Medal,
    row: 'border-slate-300 bg-gradient-to-r from-slate-50 to-white',
    badge: 'bg-gradient-to-br from-slate-200 to-slate-400 text-slate-900 shadow-slate-500/30',
  },
  3: {
    label: 'Bronze',
    icon: Award,
    row: 'border-orange-300 bg-gradient-to-r from-orange-50 to-white',
    badge: 'bg-gradient-to-br from-orange-300 to-orange-500 text-orange-950 shadow-orange-500/30',
  },
};

/** The caller's own place when the list shown does not include them. */
export function OwnPlace({ place }: { place: LeaderboardCurrentUser }) {
  return (
    <p
      aria-label="Your place"
      className="mt-3 flex items-center gap-3 rounded-xl border border-dashed border-teal-600/50 bg-teal-50/60 px-3 py-3 text-sm sm:px-4"
    >
      <RaterAvatar name={place.displayName} />
      <span className="grid gap-0.5">
        <span className="font-semibold text-stone-900 tabular-nums">
          You: {placeText(place)} · {plural(place.ratingsCount, 'rating')}
        </span>
        {place.tiedWith > 0 && (
          <span className="text-xs text-stone-600 tabular-nums">
            Level with {plural(place.tiedWith, 'other rater')}; the more helpful ratings go first.
          </span>
        )}
      </span>
    </p>
  );
}

/** A circle with the rater's initials; the name beside it says who it is. */
function RaterAvatar({ name }: { name: string }) {
  return (
    <Avatar className="size-9 rounded-full bg-teal-100 text-xs font-bold text-teal-800">{initialsOf(name)}</Avatar>
  );
}

/** One rater of the board: the medal or place, who, their ratings, helpfulness and reviews, and their rank and points. */
export function EntryRow({ entry }: { entry: LeaderboardEntry }) {
  const medal = MEDALS[entry.rank];
  const helpfulness = helpfulnessText(entry.averageHelpfulness);
  const Icon = medal?.icon;
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-xl border px-3 py-3 sm:px-4',
        medal ? medal.row : 'border-stone-200 bg-white',
        entry.isCurrentUser && 'ring-2 ring-teal-600/40',
      )}
    >
      {medal && Icon ? (
        <span
          className={cn('grid size-11 shrink-0 place-items-center rounded-full shadow-md', medal.badge)}
          role="img"
          aria-label={`Rank ${entry.rank} (${medal.label})`}
        >
          <Icon aria-hidden className="size-5" />
        </span>
      ) : (
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-stone-100 text-sm font-bold text-stone-700 tabular-nums">
          #{entry.rank}
        </span>
      )}
      <RaterAvatar name={entry.displayName} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-semibold wrap-anywhere text-stone-900">
            <EmailText email={entry.displayName} />
          </span>
          {entry.isCurrentUser && <Badge tone="brand">You</Badge>}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-stone-600">
          <span className="font-medium text-stone-800">{plural(entry.ratingsCount, 'rating')}</span>
          {helpfulness && (
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-500" />
              {helpfulness} helpfulness
            </span>
          )}
          <span>{plural(entry.reviewsCount, 'review')}</span>
        </p>
      </div>
      <span className="hidden shrink-0 text-right text-xs text-stone-500 sm:block">
        <span className="block font-semibold text-stone-700">{entry.currentRank}</span>
        {entry.totalPoints} pts
      </span>
    </div>
  );
}

/** A long (masked) e-mail on a phone wraps before its "@" (and, if still too long, anywhere) instead of widening the row. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
