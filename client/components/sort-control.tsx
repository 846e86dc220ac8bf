import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { LIST_SORTS, type ListSort } from '@common/schemas/shared';

const LABELS: Record<ListSort, string> = { newest: 'Newest', highest: 'Highest', lowest: 'Lowest' };

/** Newest / Highest / Lowest for a list of ratings: a segmented control like the leaderboard's periods. */
export function SortControl({
  value,
  onChange,
  label,
  className,
}: {
  value: ListSort;
  onChange: (sort: ListSort) => void;
  /** What is sorted, for screen readers: "Sort ratings". */
  label: string;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('grid grid-cols-3 gap-1 rounded-xl bg-stone-100 p-1 sm:inline-grid sm:w-fit', className)}
    >
      {LIST_SORTS.map((sort) => (
        <Button
          key={sort}
          size="sm"
          variant={sort === value ? 'primary' : 'ghost'}
          aria-pressed={sort === value}
          onClick={() => onChange(sort)}
          className={cn('h-11 sm:h-8', sort !== value && 'text-stone-700')}
        >
          {LABELS[sort]}
        </Button>
      ))}
    </div>
  );
}
