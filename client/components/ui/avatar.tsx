import { cn } from '@client/lib/cn';
import type { ReactNode } from 'react';

/**
 * A person's initials (or an icon standing for them) in a circle or tile beside their name. The name says who it
 * is, so screen readers skip it. `className` gives its size, shape and colours.
 */
export function Avatar({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span aria-hidden className={cn('grid shrink-0 place-items-center', className)}>
      {children}
    </span>
  );
}
