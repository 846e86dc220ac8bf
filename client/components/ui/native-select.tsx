import { cn } from '@client/lib/cn';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { fieldClasses } from './input';

/** A styled native <select>: the best picker on phones, and simple to drive from tests. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(fieldClasses, 'h-10 cursor-pointer appearance-none pr-9')} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-500"
      />
    </div>
  );
}
