import { cn } from '@client/lib/cn';
import type { ReactNode } from 'react';

/**
 * The rows of a list in the order the user picked (see useSortedList): while another order loads, the rows shown
 * stay, dimmed and marked busy, instead of giving way to a spinner.
 */
export function SortedList<Item extends { id: number }>({
  label,
  items,
  sorting,
  className,
  children,
}: {
  label: string;
  items: Item[];
  sorting: boolean;
  /** More layout for the list, such as its columns. */
  className?: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={sorting}
      className={cn('grid gap-4', sorting && 'opacity-60 transition-opacity', className)}
    >
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
