import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { StarScale } from '@client/components/star-scale';
import { EstimateBar, EstimateScale } from '@client/components/ui/estimate-bar';
import { cn } from '@client/lib/cn';
import { useHomeTab } from '@client/lib/use-home-tab';
import { RATING_CATEGORIES, SKILL_BANDS } from '@common/constants';
import { BADGES, POINT_RULES, RANKS } from '@common/gamification';
import {
  RECENCY_HALF_LIFE_MONTHS,
  RELIABILITY_HIGH_FROM,
  RELIABILITY_MEDIUM_FROM,
  type Estimate,
} from '@common/schemas/trust';
import {
  Award,
  Calculator,
  Clock,
  Coins,
  Layers,
  Ruler,
  Scale,
  ShieldAlert,
  Star,
  Trophy,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { badgeIcon, RankChip } from './gamification-icons';

/** What each docs/product.md#rating-categories category looks at (display copy for the explainer). */
const CATEGORY_DETAILS: Record<(typeof RATING_CATEGORIES)[number]['key'], string> = {
  serveReturn: 'Depth, pace and consistency of serves; getting deep returns back and moving up.',
  groundstrokesThirdShot: 'Drives and drops from the baseline, and choosing the right third shot.',
  netPlayVolleysDinks: 'Patience in the kitchen, dink placement, volleys, resets and put-aways.',
  movementCourtAwareness: 'Footwork, positioning with a partner, anticipation and covering the court.',
  mentalPhysicalGame: 'Composure under pressure, strategy, fitness and sportsmanship.',
};

const tableClasses = 'w-full text-left text-sm';
const thClasses = 'border-b border-stone-200 px-3 py-2 font-semibold text-stone-700';
const tdClasses = 'border-b border-stone-100 px-3 py-2 text-stone-800';

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
            <CardTitle className="flex items-center gap-2">
              <Layers aria-hidden className="size-5 text-teal-700" />
              Five rating categories
            </CardTitle>
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
            <CardTitle className="flex items-center gap-2">
              <Award aria-hidden className="size-5 text-teal-700" />
              Skill bands
            </CardTitle>
            <CardDescription>Where a skill level sits on the scale.</CardDescription>
          </CardHeader>
          <CardContent>
            <table className={tableClasses}>
              <caption className="sr-only">Skill bands and their ranges</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    Band
                  </th>
                  <th scope="col" className={thClasses}>
                    Range
                  </th>
                </tr>
              </thead>
              <tbody>
                {SKILL_BANDS.map(({ band, range }) => (
                  <tr key={band}>
                    <th scope="row" className={`${tdClasses} font-semibold`}>
                      {band}
                    </th>
                    <td className={`${tdClasses} tabular-nums`}>{range}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      </div>

      <StarMeanings />

      <HowWeCompute />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Trophy aria-hidden className="size-5 text-amber-600" />
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
            <table className={tableClasses}>
              <caption className="sr-only">Ranks and the points each needs</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    Rank
                  </th>
                  <th scope="col" className={`${thClasses} text-right`}>
                    Points needed
                  </th>
                </tr>
              </thead>
              <tbody>
                {RANKS.map((rank) => (
                  <tr key={rank.name}>
                    <th scope="row" className={tdClasses}>
                      <RankChip rank={rank.name} className="text-xs" />
                    </th>
                    <td className={`${tdClasses} text-right font-semibold tabular-nums`}>{rank.minPoints}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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

/** The reliability labels and the scores they start at (the same thresholds the server applies). */
const RELIABILITY_ROWS = [
  { label: 'None', when: 'No ratings yet: the numbers shown are the community average.' },
  { label: 'Low', when: `A score below ${RELIABILITY_MEDIUM_FROM}: a first impression, still likely to move.` },
  {
    label: 'Medium',
    when: `A score from ${RELIABILITY_MEDIUM_FROM} to ${RELIABILITY_HIGH_FROM - 1}: taking shape.`,
  },
  { label: 'High', when: `A score of ${RELIABILITY_HIGH_FROM} or more: a number you can rely on.` },
] as const;

/** The worked example's two moments (illustrative figures, close to what the model gives). */
const EXAMPLE_BEFORE: Estimate = { mean: 4.1, low: 3.2, high: 4.8, n: 3 };
const EXAMPLE_AFTER: Estimate = { mean: 4.0, low: 3.7, high: 4.3, n: 12 };

/**
 * docs/product.md#how-we-compute-your-numbers: each part of the estimate in plain words, with no formula to
 * read. The half-life and the reliability thresholds come from common/, so the page says what the server does.
 */
/** The scale raters see as they pick stars, one short list per category. */
function StarMeanings() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Star aria-hidden className="size-5 fill-amber-400 text-amber-500" />
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

function HowWeCompute() {
  const twoHalfLives = RECENCY_HALF_LIFE_MONTHS * 2;
  return (
    <Card aria-labelledby="how-we-compute" role="region">
      <CardHeader>
        <CardTitle id="how-we-compute" className="flex items-center gap-2">
          <Calculator aria-hidden className="size-5 text-teal-700" />
          How we compute your numbers
        </CardTitle>
        <CardDescription>
          Your numbers are not a plain average. Each one is an estimate built to be fair to you and hard to game, and it
          comes with a range that says how sure we are.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <ul className="grid gap-5 md:grid-cols-2 md:gap-x-8">
          <Point icon={Users} title="Few ratings lean on the community">
            With one or two ratings, a single opinion could swing your number a long way. So a new player starts at the
            community average and moves toward what their ratings say as more come in: the more ratings you get, the
            more your number is your own.
          </Point>
          <Point icon={Scale} title="Generous and strict raters are evened out">
            Some raters give almost everyone 5 stars; others rarely go above 3. We learn each rater’s habit from all the
            ratings they give, so a 5 from a generous rater counts for less than a 5 from a strict one, and a strict
            rater’s 3 is read as the compliment it is.
          </Point>
          <Point icon={Clock} title="Recent ratings count more">
            Players improve, so older ratings count less. A rating given {RECENCY_HALF_LIFE_MONTHS} months ago counts
            half as much as one given today, and one given {twoHalfLives} months ago a quarter as much.
          </Point>
          <Point icon={ShieldAlert} title="Collusion is checked">
            We look for rings of accounts that rate each other 5 stars, and for single ratings far above everything else
            a player receives (a friend’s boost). An admin reviews each case. A ring’s ratings are set aside at once
            while it waits for review; a single suspicious rating keeps counting until an admin confirms it. Ratings
            confirmed as collusion stop counting in every estimate. Friends who rate each other honestly are not
            affected.
          </Point>
          <Point icon={Ruler} title="The range: how sure we are" className="md:col-span-2 [&_div]:max-w-2xl">
            Next to each number is a range, such as 3.1 to 3.9. We are 90% sure your true level is inside it: nine times
            out of ten, it is. A few ratings, or ratings that disagree, make it wide; many ratings that agree make it
            narrow.
          </Point>
          <Point icon={Star} title="Reliability" className="md:col-span-2">
            <span className="block max-w-2xl">
              A score from 0 to 100 that compares how narrow your range is with how spread out players in the community
              are. Ratings from about 5 different players bring a typical player to around 60.
            </span>
            <table className={`${tableClasses} mt-3 max-w-2xl`}>
              <caption className="sr-only">Reliability labels and the scores they start at</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    Label
                  </th>
                  <th scope="col" className={thClasses}>
                    When
                  </th>
                </tr>
              </thead>
              <tbody>
                {RELIABILITY_ROWS.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className={`${tdClasses} align-top font-semibold`}>
                      {row.label}
                    </th>
                    <td className={tdClasses}>{row.when}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Point>
        </ul>

        <section aria-labelledby="worked-example" className="rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200 sm:p-5">
          <h3 id="worked-example" className="text-base font-bold text-stone-900">
            An example
          </h3>
          <ol className="mt-3 grid gap-5">
            <ExampleStep
              estimate={EXAMPLE_BEFORE}
              title="Sam gets 3 ratings, all 5 stars, all from one generous rater"
              label="After 3 ratings"
            >
              Sam’s estimate is about {EXAMPLE_BEFORE.mean.toFixed(1)}, not 5: the rater gives most players 5 stars, and
              three ratings from one person tell us little. The range is wide ({EXAMPLE_BEFORE.low.toFixed(1)} to{' '}
              {EXAMPLE_BEFORE.high.toFixed(1)}) and the reliability low.
            </ExampleStep>
            <ExampleStep
              estimate={EXAMPLE_AFTER}
              title="Later: 12 ratings from 10 different players"
              label="After 12 ratings"
            >
              Now the estimate is about {EXAMPLE_AFTER.mean.toFixed(1)} and the range has narrowed to{' '}
              {EXAMPLE_AFTER.low.toFixed(1)} to {EXAMPLE_AFTER.high.toFixed(1)}: many players agree, so we are much more
              sure, and the reliability is high.
            </ExampleStep>
          </ol>
        </section>
      </CardContent>
    </Card>
  );
}

function Point({
  icon: Icon,
  title,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={cn('flex gap-3', className)}>
      <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-full bg-teal-50 text-teal-700">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-stone-900">{title}</h3>
        <div className="mt-1 text-sm leading-relaxed text-stone-600">{children}</div>
      </div>
    </li>
  );
}

function ExampleStep({
  estimate,
  title,
  label,
  children,
}: {
  estimate: Estimate;
  title: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="grid gap-2 md:grid-cols-[minmax(0,1fr)_16rem] md:items-center md:gap-6">
      <div>
        <p className="font-semibold text-stone-900">{title}</p>
        <p className="mt-1 text-sm leading-relaxed text-stone-600">{children}</p>
      </div>
      <div>
        <EstimateBar estimate={estimate} label={label} />
        <EstimateScale />
      </div>
    </li>
  );
}
