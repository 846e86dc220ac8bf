import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * A search input with the magnifier inside its left edge and, while `busy`, a spinner at its right. Kept apart
 * from the rest of the player search so the landing page's first JavaScript can draw it (decision 010).
 */
export function SearchField({
  busy = false,
  ...props
}: Omit<ComponentProps<'input'>, 'className'> & { busy?: boolean }) {
  return (
    <div className="relative">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
      />
      <Input type="search" autoComplete="off" className="pl-9" {...props} />
      {busy && <Spinner className="absolute top-1/2 right-3 -translate-y-1/2 text-teal-700" />}
    </div>
  );
}
