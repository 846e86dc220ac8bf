import { SegmentedControl } from '@client/components/ui/segmented-control';
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
    <SegmentedControl
      label={label}
      options={LIST_SORTS}
      labels={LABELS}
      value={value}
      onChange={onChange}
      className={cn('grid grid-cols-3 sm:inline-grid sm:w-fit', className)}
      buttonClassName="h-11 sm:h-8"
    />
  );
}
