import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { cn } from '@client/lib/cn';
import { RATING_CATEGORIES } from '@common/constants';
import { CalendarClock, ChevronRight, EyeOff } from 'lucide-react';
import { useId } from 'react';
import { CategoryStars } from './category-stars';
import { allRated, ratedCount, SCORE_KEYS, type RatingDraft, type ScoreKey } from '../rating-draft';

const HINTS: Record<ScoreKey, string> = {
  serveReturn: 'Depth, consistency and placement of serves and returns.',
  groundstrokesThirdShot: 'Drives, drops and the third-shot choice.',
  netPlayVolleysDinks: 'Soft game at the kitchen line, volleys and resets.',
  movementCourtAwareness: 'Footwork, positioning and reading the play.',
  mentalPhysicalGame: 'Composure, strategy, stamina and sportsmanship.',
  overallRating: 'Would you play with them again?',
};

const ROWS: { key: ScoreKey; label: string }[] = [
  ...RATING_CATEGORIES.map(({ key, label }) => ({ key, label })),
  { key: 'overallRating', label: 'Overall rating' },
];

/** docs/product.md#rate-a-player wizard step 2: five categories plus the overall on 1-5 stars, and the anonymous toggle. */
export function RateSkillsStep({
  draft,
  onScore,
  onAnonymous,
  onContinue,
  isUpdate,
}: {
  draft: RatingDraft;
  onScore: (key: ScoreKey, value: number) => void;
  onAnonymous: (value: boolean) => void;
  onContinue: () => void;
  isUpdate: boolean;
}) {
  const baseId = useId();
  const done = ratedCount(draft.scores);
  // An update keeps its first choice: a named rating's update has nothing to wait for.
  const releaseHint = !isUpdate || draft.isAnonymous;
  return (
    <div className="grid gap-5">
      <ul className="grid gap-2">
        {ROWS.map(({ key, label }) => {
          const overall = key === 'overallRating';
          return (
            <li
              key={key}
              className={cn(
                'rounded-xl border px-3 py-3 sm:px-4',
                overall ? 'border-amber-300 bg-amber-50/60' : 'border-stone-200 bg-white',
              )}
            >
              <CategoryStars
                label={label}
                hint={
                  <>
                    {HINTS[key]}
                    {overall &&
                      isUpdate &&
                      ' When you update, the saved overall is the average of the five categories.'}
                  </>
                }
                category={overall ? undefined : key}
                value={draft.scores[key]}
                onChange={(value) => onScore(key, value)}
                size="lg"
              />
            </li>
          );
        })}
      </ul>

      <div className="rounded-xl bg-stone-100/80 px-4 py-3">
        <div className="flex items-start gap-3">
          <EyeOff aria-hidden className="mt-0.5 size-5 shrink-0 text-stone-500" />
          <div className="min-w-0 flex-1">
            <label htmlFor={`${baseId}-anonymous`} className="font-semibold text-stone-900">
              Submit anonymously
            </label>
            <p id={`${baseId}-anonymous-hint`} className="text-sm text-stone-600">
              {isUpdate
                ? 'Kept as it was when you first rated this player.'
                : 'The player sees your scores and comments but not your name.'}
            </p>
          </div>
          <Switch
            id={`${baseId}-anonymous`}
            checked={draft.isAnonymous}
            onCheckedChange={onAnonymous}
            disabled={isUpdate}
            aria-describedby={`${baseId}-anonymous-hint${releaseHint ? ` ${baseId}-anonymous-release` : ''}`}
          />
        </div>
        {/* docs/product.md#anonymity: said before the choice, since it decides when the rating counts. Across the
            box's width, so a phone reads it in two lines beside nothing. */}
        {releaseHint && (
          <p
            id={`${baseId}-anonymous-release`}
            className="mt-2.5 flex items-start gap-2 border-t border-stone-200 pt-2.5 text-xs leading-relaxed text-stone-600"
          >
            <CalendarClock aria-hidden className="mt-0.5 size-3.5 shrink-0 text-stone-500" />
            Anonymous ratings are released weekly, so the player can’t tell when you rated.
          </p>
        )}
      </div>

      <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600" role="status">
          {done} of {SCORE_KEYS.length} ratings given
        </p>
        {/* docs/product.md#rate-a-player: "Continue to Comments" appears only when all six ratings are above 0. */}
        {allRated(draft.scores) && (
          <Button onClick={onContinue} size="lg">
            Continue to Comments
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        )}
      </div>
    </div>
  );
}
