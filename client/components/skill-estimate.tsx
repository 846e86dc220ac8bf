import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EstimateBar, EstimateScale } from '@client/components/ui/estimate-bar';
import { oneDecimal, RELIABILITY_TEXT, rangeText } from '@client/components/ui/estimate-text';
import { cn } from '@client/lib/cn';
import { relativeTime } from '@client/lib/relative-time';
import { useHydrated, useNow } from '@client/lib/render-clock';
import type { ReliabilityLabel, Skill } from '@common/schemas/trust';
import { Gauge, Info } from 'lucide-react';
import { ratingsSummary, skillRows } from './skill-rows';

const TONES: Record<ReliabilityLabel, BadgeTone> = {
  none: 'neutral',
  low: 'warning',
  medium: 'brand',
  high: 'success',
};

/**
 * Per category and for "would play again", the estimate on the 1-5 scale with its 90% range as a bar and one
 * sentence in plain words; the reliability and the ratings behind it once. The top of Ratings About Me (the
 * player's own, "your") and of a player's public page (`player` given: said of them by first name).
 */
export function SkillEstimate({
  skill,
  onExplain,
  player,
}: {
  skill: Skill;
  onExplain?: () => void;
  player?: { firstName: string };
}) {
  const unrated = skill.reliability.label === 'none';
  const whose = player ? `${player.firstName}’s` : 'your';
  const rows = skillRows(skill, whose);
  const now = useNow();
  // The exact time in the visitor's own time zone, which the server drawing the page does not know.
  const hydrated = useHydrated();
  return (
    <Card aria-labelledby="skill-estimate-heading" role="region" className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-stone-100 px-5 pt-5 pb-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="min-w-0">
          <h2 id="skill-estimate-heading" className="flex items-center gap-2 text-lg font-bold text-stone-900">
            <Gauge aria-hidden className="size-5 text-teal-700" />
            {player ? 'Skill estimate' : 'Your skill estimate'}
          </h2>
          <p className="mt-1 text-sm wrap-anywhere text-stone-600">
            {unrated
              ? 'No ratings yet: this is the community average.'
              : `What ${whose} ratings say, corrected for generous and strict raters, with how sure we are.`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:items-end">
          <Badge tone={TONES[skill.reliability.label]}>
            {RELIABILITY_TEXT[skill.reliability.label].long}
            {!unrated && (
              <span className="font-normal tabular-nums">
                {' '}
                · {skill.reliability.score}
                <span aria-hidden>/100</span>
                <span className="sr-only"> out of 100</span>
              </span>
            )}
          </Badge>
          <p className="text-sm text-stone-600 sm:whitespace-nowrap">{ratingsSummary(skill.reliability)}</p>
        </div>
      </div>

      <div aria-hidden className="grid grid-cols-1 gap-x-4 px-5 pt-3 sm:grid-cols-[13rem_minmax(0,1fr)_6.5rem] sm:px-6">
        <EstimateScale className="sm:col-start-2" />
      </div>
      <ul className="divide-y divide-stone-100">
        {rows.map((row) => (
          <li
            key={row.key}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 px-5 py-3 sm:grid-cols-[13rem_minmax(0,1fr)_6.5rem] sm:px-6"
          >
            <p className="text-sm font-semibold text-stone-800">{row.label}</p>
            <p className="text-right sm:col-start-3 sm:row-start-1">
              <span className="text-lg font-black text-stone-900 tabular-nums">{oneDecimal(row.estimate.mean)}</span>
              <span className="ml-1.5 text-xs text-stone-500 tabular-nums">{rangeText(row.estimate)}</span>
            </p>
            <EstimateBar
              estimate={row.estimate}
              label={row.label}
              muted={unrated}
              className="col-span-2 sm:col-span-1 sm:col-start-2 sm:row-start-1"
            />
            <p className="col-span-2 text-sm wrap-anywhere text-stone-600 sm:col-span-3">{row.sentence}</p>
          </li>
        ))}
      </ul>

      <div className="flex flex-col gap-2 border-t border-stone-100 bg-stone-50/60 px-5 py-3 text-xs text-stone-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="grid gap-1.5">
          <Legend muted={unrated} />
          <p>
            Updated{' '}
            <time
              dateTime={skill.computedAt}
              title={hydrated ? new Date(skill.computedAt).toLocaleString() : undefined}
            >
              {relativeTime(skill.computedAt, now)}
            </time>
          </p>
        </div>
        {onExplain && (
          <Button variant="link" size="sm" onClick={onExplain} className="w-fit">
            <Info aria-hidden className="size-4" />
            {player ? 'How we compute these numbers' : 'How we compute your numbers'}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** What the bars' parts mean (the bars speak for themselves to screen readers: each has its own text). */
function Legend({ muted }: { muted: boolean }) {
  return (
    <div aria-hidden className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <span className="flex items-center gap-1.5">
        <span
          className={cn(
            'inline-block size-3 rounded-full border-2 border-white shadow',
            muted ? 'bg-stone-500' : 'bg-teal-700',
          )}
        />
        estimate
      </span>
      <span className="flex items-center gap-1.5">
        <span
          className={cn(
            'inline-block h-2.5 w-6 rounded-full',
            muted ? 'bg-stone-300/70' : 'bg-teal-200 ring-1 ring-teal-300 ring-inset',
          )}
        />
        90% range
      </span>
      <span>1 to 5 stars, left to right</span>
    </div>
  );
}
