import { SignInAgainButton } from '@client/components/sign-in-again-button';
import { Alert } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { hasErrorCode, serverMessage } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { setLeaderboardJsonLd } from '@client/lib/seo';
import { useAuth } from '@client/lib/use-auth';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@common/constants';
import type { LeaderboardCurrentUser, LeaderboardEntry, LeaderboardReply } from '@common/schemas/leaderboard';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  Award,
  CalendarRange,
  Crown,
  HeartHandshake,
  Lightbulb,
  ListOrdered,
  LogIn,
  Medal,
  Star,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { leaderboardQuery } from '../api/get-leaderboard';
import { helpfulnessText, initialsOf, placeText, plural } from '../format-entry';

const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  all: 'All Time',
  year: 'This Year',
  month: 'This Month',
  week: 'This Week',
};

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

/** docs/product.md#leaderboard-screen: top raters per period, with the docs/product.md#page-metadata ItemList structured data of the top 10. */
export default function LeaderboardTab() {
  const auth = useAuth();
  const [period, setPeriod] = useState<LeaderboardPeriod>('all');
  const leaderboard = useQuery({ ...leaderboardQuery(period), enabled: auth.isAuthenticated });

  // docs/product.md#signed-out-states; a 401 means the session ended (signed out in another tab, expired) while this page was open.
  if (!auth.isAuthenticated || hasErrorCode(leaderboard.error, 'unauthenticated')) {
    return (
      <EmptyState
        icon={LogIn}
        title="Sign In Required"
        description="Please sign in to view the community leaderboard."
        action={<SignInAgainButton />}
      />
    );
  }

  return (
    <div className="grid gap-5">
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle className="flex items-center gap-2">
              <Trophy aria-hidden className="size-5 text-amber-600" />
              Community Leaderboard
            </CardTitle>
          </div>
          <CardDescription>The most active raters in the community, ranked by ratings given.</CardDescription>
          <div
            role="group"
            aria-label="Leaderboard period"
            className="grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1 sm:flex sm:w-fit"
          >
            {LEADERBOARD_PERIODS.map((value) => (
              <Button
                key={value}
                size="sm"
                variant={value === period ? 'primary' : 'ghost'}
                aria-pressed={value === period}
                onClick={() => setPeriod(value)}
                className={cn(value !== period && 'text-stone-700')}
              >
                {PERIOD_LABELS[value]}
              </Button>
            ))}
          </div>
        </CardHeader>
        <CardContent>
          <LeaderboardList period={period} leaderboard={leaderboard} />
        </CardContent>
      </Card>
      <Explanation />
    </div>
  );
}

function LeaderboardList({
  period,
  leaderboard,
}: {
  period: LeaderboardPeriod;
  leaderboard: UseQueryResult<LeaderboardReply>;
}) {
  const entries = leaderboard.data?.leaderboard;

  // docs/product.md#page-metadata: the ordered list of top raters as structured data while the leaderboard is shown.
  useEffect(() => {
    setLeaderboardJsonLd(
      entries?.map((entry) => ({
        rank: entry.rank,
        name: entry.displayName,
        totalPoints: entry.totalPoints,
        currentRank: entry.currentRank,
      })) ?? null,
    );
  }, [entries]);
  useEffect(() => () => setLeaderboardJsonLd(null), []);

  if (leaderboard.isPending) return <LoadingBlock label="Loading leaderboard..." />;
  if (leaderboard.isError) {
    return (
      <Alert tone="error">
        Error loading leaderboard: {serverMessage(leaderboard.error, leaderboard.error.message)}
      </Alert>
    );
  }
  const list = leaderboard.data.leaderboard;
  const { currentUser } = leaderboard.data;
  const ownPlace = currentUser && !list.some((entry) => entry.isCurrentUser) && <OwnPlace place={currentUser} />;
  if (list.length === 0) {
    return (
      <>
        <EmptyState icon={ListOrdered} title="No ratings found for this period." headingLevel={3} className="py-8" />
        {ownPlace}
      </>
    );
  }
  return (
    <>
      <ol aria-label={`Top raters: ${PERIOD_LABELS[period]}`} className="grid gap-2">
        {list.map((entry) => (
          <li key={`${entry.rank}-${entry.userEmail}`}>
            <EntryRow entry={entry} />
          </li>
        ))}
      </ol>
      {ownPlace}
    </>
  );
}

/** The caller's own place when the list shown does not include them. */
function OwnPlace({ place }: { place: LeaderboardCurrentUser }) {
  return (
    <p
      aria-label="Your place"
      className="mt-3 flex items-center gap-3 rounded-xl border border-dashed border-teal-600/50 bg-teal-50/60 px-3 py-3 text-sm sm:px-4"
    >
      <Avatar name={place.displayName} />
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
function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="grid size-9 shrink-0 place-items-center rounded-full bg-teal-100 text-xs font-bold text-teal-800"
    >
      {initialsOf(name)}
    </span>
  );
}

function EntryRow({ entry }: { entry: LeaderboardEntry }) {
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
      <Avatar name={entry.displayName} />
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

const EXPLANATIONS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: ListOrdered,
    title: 'Ranking criteria',
    body: 'Raters are ranked by the number of ratings they submitted in the period. When two raters have the same count, the one whose ratings were found more helpful ranks higher.',
  },
  {
    icon: HeartHandshake,
    title: 'Helpfulness',
    body: 'Rated players can mark each rating they receive as helpful on a 1-5 star scale. The average is shown once a rater has at least one review.',
  },
  {
    icon: CalendarRange,
    title: 'Periods',
    body: 'All Time counts every rating; This Year counts the current calendar year; This Month the last 30 days; This Week the last 7 days.',
  },
  {
    icon: Lightbulb,
    title: 'How to climb',
    body: 'Rate the players you actually play with, and write specific, kind feedback on strengths and what to improve — detailed ratings earn bonus points and better helpfulness scores.',
  },
];

function Explanation() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How the leaderboard works</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        {EXPLANATIONS.map(({ icon: Icon, title, body }) => (
          <section key={title} className="flex gap-3">
            <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-lg bg-teal-50 text-teal-700">
              <Icon className="size-4.5" />
            </span>
            <div>
              <h3 className="text-sm font-bold text-stone-900">{title}</h3>
              <p className="mt-0.5 text-sm leading-relaxed text-stone-600">{body}</p>
            </div>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
