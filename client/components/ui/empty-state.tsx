import { cn } from '@client/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A centred "nothing here" or "you need X first" block with an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  headingLevel = 2,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-stone-50/60 px-6 py-10 text-center',
        className,
      )}
    >
      {Icon && (
        <span className="grid size-12 place-items-center rounded-full bg-teal-50 text-teal-700">
          <Icon aria-hidden className="size-6" />
        </span>
      )}
      <Heading className="text-base font-bold text-stone-900">{title}</Heading>
      {description && <p className="max-w-md text-sm text-stone-600">{description}</p>}
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}
