import { cn } from '@client/lib/cn';
import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn('text-sm font-medium text-stone-800 select-none', className)} {...props} />;
}
