import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { StarScale } from '@client/components/star-scale';
import { useHomeTab } from '@client/lib/use-home-tab';
import { RATING_CATEGORIES, SKILL_BANDS } from '@common/constants';
import { BADGES, POINT_RULES, RANKS } from '@common/gamification';
import { Award, Coins, Layers, Star, Trophy, UserPlus } from 'lucide-react';
import { AnonymousRatings } from './anonymous-ratings';
import { ExplainerTable } from './explainer-table';
import { badgeIcon, RankChip } from './gamification-icons';
import { HowWeCompute } from './how-we-compute';

/** What each docs/product.md#rating-categories category looks at (display copy for the explainer). */
const CATEGORY_DETAILS: Record<(typeof RATING_CATEGORIES)[number]['key'], string> = {
  serveReturn: 'Depth, pace and consistency of serves; getting deep returns back and moving up.',
  groundstrokesThirdShot: 'Drives and drops from the baseline, and choosing the right third shot.',
  netPlayVolleysDinks: 'Patience in the kitchen, dink placement, volleys, resets and put-aways.',
  movementCourtAwareness: 'Footwork, positioning with a partner, anticipation and covering the court.',
  mentalPhysicalGame: 'Composure under pressure, strategy, fitness and sportsmanship.',
};

/**
 * docs/product.md#about-rating-system: the five categories, the skill bands, and the Hall of Fame (ranks,
 * badges and points), all read from common/ so the page shows exactly the rules the server applies.
 */
export default function AboutRatingSystemTab() {
  const { openTab } = useHomeTab();
  return (
    <div className="grid gap-5">
      <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-teal-900 via-teal-800 to-teal-700 px-5 py-8 text-white sm:px-10 sm:py-10">
        <p className="text-xs font-semibold tracking-wide text-amber-200 uppercase">About the rating system</p>
        <h2 className="mt-2 text-2xl font-black tracking-tight sm:text-3xl">How Pickleball Ratings Work</h2>
        <p className="mt-3 max-w-2xl text-sm leading-relaxed text-teal-50/90 sm:text-base">
          Players who share the court rate each other on five skill categories plus an overall “would play again” score.
          Ratings add up to a clear picture of each player’s game, and raters earn points, ranks and badges for honest,
          helpful feedback.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button variant="accent" size="lg" onClick={() => openTab('register')}>
            <UserPlus aria-hidden className="size-5" />
            Register Now
          </Button>
          <Button
            variant="outline"
            size="lg"
            className="border-white/40 bg-white/5 text-white hover:bg-white/15 focus-visible:ring-offset-teal-900"
            onClick={() => openTab('rate')}
          >
            <Star aria-hidden className="size-5" />
            Rate a Player
          </Button>
        </div>
      </section>

      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle icon={Layers}>Five rating categories</CardTitle>
            <CardDescription>Each is rated from 1 to 5 stars, plus an overall rating.</CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-3">
              {RATING_CATEGORIES.map(({ key, label }, index) => (
                <li key={key} className="flex gap-3">
                  <span
                    aria-hidden
                    className="grid size-7 shrink-0 place-items-center rounded-full bg-teal-700 text-sm font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-semibold text-stone-900">{label}</p>
                    <p className="text-sm text-stone-600">{CATEGORY_DETAILS[key]}</p>
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle icon={Award}>Skill bands</CardTitle>
            <CardDescription>Where a skill level sits on the scale.</CardDescription>
          </CardHeader>
          <CardContent>
            <ExplainerTable
              caption="Skill bands and their ranges"
              rows={SKILL_BANDS}
              rowKey={({ band }) => band}
              columns={[
                { header: 'Band', cell: ({ band }) => band, cellClassName: 'font-semibold' },
                { header: 'Range', cell: ({ range }) => range, cellClassName: 'tabular-nums' },
              ]}
            />
          </CardContent>
        </Card>
      </div>

      <StarMeanings />

      <HowWeCompute />

      <AnonymousRatings />

      <Card>
        <CardHeader>
          <CardTitle icon={Trophy} iconClassName="text-amber-600">
            Hall of Fame
          </CardTitle>
          <CardDescription>
            Every rater starts as a Rookie and climbs through Bronze, Silver, Gold, Platinum and Diamond by earning
            points.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div>
            <h3 className="mb-2 text-base font-bold text-stone-900">Ranks</h3>
            <ExplainerTable
              caption="Ranks and the points each needs"
              rows={RANKS}
              rowKey={(rank) => rank.name}
              columns={[
                { header: 'Rank', cell: (rank) => <RankChip rank={rank.name} className="text-xs" /> },
                {
                  header: 'Points needed',
                  headerClassName: 'text-right',
                  cell: (rank) => rank.minPoints,
                  cellClassName: 'text-right font-semibold tabular-nums',
                },
              ]}
            />
          </div>
          <div>
            <h3 className="mb-2 flex items-center gap-2 text-base font-bold text-stone-900">
              <Coins aria-hidden className="size-4 text-amber-600" />
              How to earn points
            </h3>
            <ul className="divide-y divide-stone-100 border-t border-stone-200 text-sm">
              {POINT_RULES.map((rule) => (
                <li key={rule.action} className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline sm:gap-6">
                  <span className="flex-1 text-stone-800">{rule.action}</span>
                  <span className="font-semibold text-teal-800 sm:max-w-[45%] sm:text-right">{rule.points}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="lg:col-span-2">
            <h3 className="mb-3 text-base font-bold text-stone-900">Badges</h3>
            <ul className="grid gap-3 sm:grid-cols-2">
              {BADGES.map((badge) => {
                const Icon = badgeIcon(badge.icon);
                return (
                  <li key={badge.type} className="flex gap-3 rounded-xl border border-stone-200 bg-stone-50/60 p-3">
                    <span
                      aria-hidden
                      className="grid size-10 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-800"
                    >
                      <Icon className="size-5" />
                    </span>
                    <div className="min-w-0">
                      <p className="font-semibold text-stone-900">{badge.name}</p>
                      <p className="text-sm text-stone-600">{badge.description}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

/** The scale raters see as they pick stars, one short list per category. */
function StarMeanings() {
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={Star} iconClassName="fill-amber-400 text-amber-500">
          What each star means
        </CardTitle>
        <CardDescription>
          The same scale raters see in the rating wizard, from just starting out to advanced.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <StarScale />
      </CardContent>
    </Card>
  );
}
