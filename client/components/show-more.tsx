import { Button } from '@client/components/ui/button';
import { ChevronDown } from 'lucide-react';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The foot of a list read a page at a time: how many are shown (of how many, when the server can say so cheaply)
 * and "Show more" while more remain. A failed next page keeps what is shown and offers to try again.
 */
export function ShowMore({
  shown,
  total,
  noun,
  hasMore,
  loading,
  failed,
  onMore,
}: {
  shown: number;
  /** Every row of the list, when known. */
  total?: number;
  /** Plural, e.g. "ratings". */
  noun: string;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
}) {
  if (!hasMore) return null;
  const status =
    total !== undefined && total > shown
      ? `Showing ${count(shown)} of ${count(total)} ${noun}`
      : `Showing ${count(shown)} ${noun}`;
  return (
    <div className="flex flex-col items-center gap-2 pt-1">
      <p aria-live="polite" className="text-sm text-stone-600">
        {failed ? `Couldn’t load more ${noun}. Please try again.` : status}
      </p>
      <Button variant="outline" className="h-11 w-full sm:w-auto sm:min-w-48" loading={loading} onClick={onMore}>
        {!loading && <ChevronDown aria-hidden className="size-4" />}
        {failed ? 'Try again' : 'Show more'}
      </Button>
    </div>
  );
}
