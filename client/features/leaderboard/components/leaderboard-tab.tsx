import { SignInAgainButton } from '@client/components/sign-in-again-button';
import { Alert } from '@client/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { SegmentedControl } from '@client/components/ui/segmented-control';
import { hasErrorCode, serverMessage } from '@client/lib/api-client';
import { setLeaderboardJsonLd } from '@client/lib/seo';
import { useAuth } from '@client/lib/use-auth';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@common/constants';
import type { LeaderboardReply } from '@common/schemas/leaderboard';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ListOrdered, LogIn, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { leaderboardQuery } from '../api/get-leaderboard';
import { LeaderboardExplanation } from './leaderboard-explanation';
import { EntryRow, OwnPlace } from './leaderboard-rows';

const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  all: 'All Time',
  year: 'This Year',
  month: 'This Month',
  week: 'This Week',
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
            <CardTitle icon={Trophy} iconClassName="text-amber-600">
              Community Leaderboard
            </CardTitle>
          </div>
          <CardDescription>The most active raters in the community, ranked by ratings given.</CardDescription>
          <SegmentedControl
            label="Leaderboard period"
            options={LEADERBOARD_PERIODS}
            labels={PERIOD_LABELS}
            value={period}
            onChange={setPeriod}
            className="grid grid-cols-2 sm:flex sm:w-fit"
          />
        </CardHeader>
        <CardContent>
          <LeaderboardList period={period} leaderboard={leaderboard} />
        </CardContent>
      </Card>
      <LeaderboardExplanation />
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
