import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EstimateBar, EstimateScale } from '@client/components/ui/estimate-bar';
import { cn } from '@client/lib/cn';
import {
  RECENCY_HALF_LIFE_MONTHS,
  RELIABILITY_HIGH_FROM,
  RELIABILITY_MEDIUM_FROM,
  RELIABILITY_MIN_RATERS,
  type Estimate,
} from '@common/schemas/trust';
import { Calculator, Clock, Ruler, Scale, ShieldAlert, Star, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ExplainerTable } from './explainer-table';

/** The reliability labels and the scores they start at (the same thresholds the server applies). */
const RELIABILITY_ROWS = [
  { label: 'None', when: 'No ratings yet: the numbers shown are the community average.' },
  {
    label: 'Low',
    when: `A score below ${RELIABILITY_MEDIUM_FROM}, or fewer than ${RELIABILITY_MIN_RATERS} different raters however many ratings they gave: a first impression, still likely to move.`,
  },
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
export function HowWeCompute() {
  const twoHalfLives = RECENCY_HALF_LIFE_MONTHS * 2;
  return (
    <Card aria-labelledby="how-we-compute" role="region">
      <CardHeader>
        <CardTitle id="how-we-compute" icon={Calculator}>
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
            <ExplainerTable
              caption="Reliability labels and the scores they start at"
              rows={RELIABILITY_ROWS}
              rowKey={(row) => row.label}
              columns={[
                { header: 'Label', cell: (row) => row.label, cellClassName: 'align-top font-semibold' },
                { header: 'When', cell: (row) => row.when },
              ]}
              className="mt-3 max-w-2xl"
            />
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
