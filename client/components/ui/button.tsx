import { cn } from '@client/lib/cn';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 active:bg-teal-900',
  accent: 'bg-amber-400 text-stone-900 shadow-sm hover:bg-amber-300 active:bg-amber-500',
  secondary: 'bg-teal-50 text-teal-900 hover:bg-teal-100 active:bg-teal-200',
  outline: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 active:bg-stone-100',
  ghost: 'text-stone-700 hover:bg-stone-100 active:bg-stone-200',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
  // A text link: no invisible hit area, which would take taps from the field or button beside it.
  link: 'text-teal-800 underline-offset-4 hover:underline px-0! h-auto! after:hidden!',
} as const;

const sizes = {
  sm: 'h-8 gap-1.5 rounded-lg px-3 text-sm',
  // The header's: a fingertip's 44 px on a phone, where they are the only way to sign in or out; compact from sm up.
  nav: 'h-11 min-w-11 gap-1.5 rounded-lg px-3 text-sm sm:h-9',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
  icon: 'size-10 rounded-lg',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:ring-offset-white';

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    'relative tap-target inline-flex shrink-0 cursor-pointer items-center justify-center font-semibold whitespace-nowrap transition-colors select-none',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    focusRing,
    variants[variant],
    sizes[size],
    className,
  );
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (e.g. a router Link) with button styling. */
  asChild?: boolean;
  /** Shows a spinner and disables the button. */
  loading?: boolean;
};

export function Button({
  variant,
  size,
  asChild,
  loading,
  disabled,
  className,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, className });
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
