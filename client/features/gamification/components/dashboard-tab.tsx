import { isLoaded, QueryStatus } from '@client/components/query-status';
import { SignInAgainButton } from '@client/components/sign-in-again-button';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { hasErrorCode } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { relativeTime } from '@client/lib/relative-time';
import { useAuth } from '@client/lib/use-auth';
import { useHomeTab } from '@client/lib/use-home-tab';
import { BADGES, RANKS } from '@common/gamification';
import type { MyStatsReply } from '@common/schemas/gamification';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Coins, HeartHandshake, Lock, LogIn, MessageSquareText, Star, UserSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { myStatsQuery } from '../api/get-my-stats';
import { rankProgress } from '../rank-progress';
import { badgeIcon, RankChip, RANK_STYLES } from './gamification-icons';

/** docs/product.md#my-dashboard: ratingsSubmitted, totalPoints, currentRank, the next rank and badges. */
export default function DashboardTab() {
  const auth = useAuth();
  const { openTab } = useHomeTab();
  const stats = useQuery({ ...myStatsQuery, enabled: auth.isAuthenticated });

  // docs/product.md#signed-out-states; a 401 means the session ended (signed out in another tab, expired) while this page was open.
  if (!auth.isAuthenticated || hasErrorCode(stats.error, 'unauthenticated')) {
    return <EmptyState icon={LogIn} title="Please sign in to view your dashboard" action={<SignInAgainButton />} />;
  }

  return (
    <div className="grid gap-5">
      {!auth.linkedPlayerLoading && !auth.linkedPlayer && (
        <EmptyState
          icon={UserSearch}
          title="No Player Profile Linked"
          description="Your rater stats are below. Link a player profile to be rated yourself and to see ratings about you."
          action={
            <Button variant="secondary" onClick={() => openTab('register')}>
              Register or claim a profile
            </Button>
          }
          className="py-6"
        />
      )}
      {!isLoaded(stats) ? (
        <QueryStatus query={stats} loading="Loading your stats..." failed="Error loading your dashboard" />
      ) : (
        <Stats stats={stats.data} onRate={() => openTab('rate')} />
      )}
    </div>
  );
}

function Stats({ stats, onRate }: { stats: MyStatsReply; onRate: () => void }) {
  const progress = rankProgress(stats.totalPoints);
  const earned = new Map(stats.achievements.map((achievement) => [achievement.achievementType, achievement]));
  const rank = stats.currentRank;
  const RankIcon = RANK_STYLES[rank].icon;

  return (
    <>
      <section aria-labelledby="dashboard-stats" className="grid gap-3">
        <h2 id="dashboard-stats" className="sr-only">
          Your stats
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard icon={ClipboardList} label="Ratings submitted" value={stats.ratingsSubmitted} />
          <StatCard icon={Coins} label="Total points" value={stats.totalPoints} />
          <StatCard icon={RankIcon} label="Current rank" value={<RankChip rank={rank} className="text-base" />} />
          <StatCard
            icon={HeartHandshake}
            label="Helpfulness"
            value={stats.reviewsCount > 0 ? stats.averageHelpfulness.toFixed(1) : '—'}
            note={`${stats.reviewsCount} review${stats.reviewsCount === 1 ? '' : 's'} of your ratings`}
          />
        </dl>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Rank progress</CardTitle>
          <CardDescription>
            {progress.next
              ? `${progress.pointsNeeded} more point${progress.pointsNeeded === 1 ? '' : 's'} to reach ${progress.next}.`
              : 'You have reached the top rank. Legendary!'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid grid-cols-2 items-center gap-x-3 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
            <RankChip rank={rank} className="w-fit" />
            <div
              role="progressbar"
              aria-label={progress.next ? `Progress to ${progress.next}` : 'Rank progress'}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.percent}
              className="order-last col-span-2 h-3 overflow-hidden rounded-full bg-stone-100 sm:order-none sm:col-span-1"
            >
              <div
                className="h-full rounded-full bg-gradient-to-r from-teal-600 to-amber-400 transition-[width]"
                style={{ width: `${progress.percent}%` }}
              />
            </div>
            {progress.next && (
              <RankChip rank={progress.next} className="w-fit justify-self-end ring-1 ring-stone-300 ring-inset" />
            )}
          </div>
          <ol className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600" aria-label="Rank thresholds">
            {RANKS.map((step) => (
              <li key={step.name} className={cn(step.name === rank && 'font-bold text-stone-900')}>
                {step.name} {step.minPoints}+
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-stone-600">
            <span className="inline-flex items-center gap-1.5">
              <MessageSquareText aria-hidden className="size-4 text-teal-700" />
              {stats.detailedCommentsCount} detailed review{stats.detailedCommentsCount === 1 ? '' : 's'}
            </span>
            {stats.lastActivityDate && <span>Last activity {relativeTime(stats.lastActivityDate)}</span>}
            <Button size="sm" variant="link" className="ml-auto" onClick={onRate}>
              <Star aria-hidden className="size-4" />
              Rate a player to earn points
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Badges</CardTitle>
          <CardDescription>
            {earned.size} of {BADGES.length} earned
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2">
            {BADGES.map((badge) => {
              const achievement = earned.get(badge.type);
              const Icon = badgeIcon(achievement?.badgeIcon ?? badge.icon);
              return (
                <li
                  key={badge.type}
                  className={cn(
                    'flex gap-3 rounded-xl border p-3',
                    achievement ? 'border-amber-200 bg-amber-50/70' : 'border-stone-200 bg-stone-50/60',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'grid size-10 shrink-0 place-items-center rounded-full',
                      achievement ? 'bg-amber-400 text-stone-900' : 'bg-stone-200 text-stone-500',
                    )}
                  >
                    {achievement ? <Icon className="size-5" /> : <Lock className="size-4" />}
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold text-stone-900">
                      {achievement?.achievementName ?? badge.name}
                      <span className="sr-only">{achievement ? ' (earned)' : ' (not earned yet)'}</span>
                    </p>
                    <p className="text-sm text-stone-600">{achievement?.achievementDescription ?? badge.description}</p>
                    {achievement && (
                      <p className="mt-1 text-xs font-medium text-amber-900">
                        Earned {relativeTime(achievement.earnedAt)}
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  note,
}: {
  icon: typeof Star;
  label: string;
  value: ReactNode;
  note?: string;
}) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5">
      <dt className="flex items-center gap-2 text-sm font-medium text-stone-600">
        <Icon aria-hidden className="size-4 text-teal-700" />
        {label}
      </dt>
      <dd className="text-3xl font-black tracking-tight text-stone-900 tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-stone-500">{note}</dd>}
    </Card>
  );
}
