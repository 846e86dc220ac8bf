import { cn } from '@client/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-2xl border border-stone-200 bg-white shadow-sm shadow-stone-900/5', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1 px-5 pt-5 sm:px-6 sm:pt-6', className)} {...props} />;
}

/** A card's heading; with `icon`, the icon stands before the text (teal unless `iconClassName` colours it). */
export function CardTitle({
  className,
  icon: Icon,
  iconClassName = 'text-teal-700',
  children,
  ...props
}: ComponentProps<'h2'> & { icon?: LucideIcon; iconClassName?: string }) {
  return (
    <h2
      className={cn(
        'text-lg font-bold tracking-tight wrap-anywhere text-stone-900',
        Icon && 'flex items-center gap-2',
        className,
      )}
      {...props}
    >
      {Icon && <Icon aria-hidden className={cn('size-5', iconClassName)} />}
      {children}
    </h2>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm wrap-anywhere text-stone-600', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 py-5 sm:px-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-wrap items-center gap-3 border-t border-stone-100 px-5 py-4 sm:px-6', className)}
      {...props}
    />
  );
}
