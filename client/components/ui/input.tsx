import { cn } from '@client/lib/cn';
import type { ComponentProps } from 'react';

export const fieldClasses = cn(
  'w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs transition-colors sm:text-sm',
  'placeholder:text-stone-400 outline-none',
  'focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600/30',
  'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500',
  'read-only:bg-stone-50 read-only:text-stone-600',
  'aria-invalid:border-red-600 aria-invalid:focus-visible:ring-red-600/30',
);

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10', className)} {...props} />;
}

/** A field for someone's e-mail address: the address keyboard on a phone and the browser's saved address. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input type="email" inputMode="email" autoComplete="email" {...props} />;
}
