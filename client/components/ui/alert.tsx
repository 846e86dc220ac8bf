import { cn } from '@client/lib/cn';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

const tones = {
  info: { classes: 'border-teal-200 bg-teal-50 text-teal-950', icon: Info, iconClass: 'text-teal-700' },
  success: {
    classes: 'border-emerald-200 bg-emerald-50 text-emerald-950',
    icon: CircleCheck,
    iconClass: 'text-emerald-700',
  },
  warning: { classes: 'border-amber-300 bg-amber-50 text-amber-950', icon: TriangleAlert, iconClass: 'text-amber-700' },
  error: { classes: 'border-red-200 bg-red-50 text-red-950', icon: CircleAlert, iconClass: 'text-red-700' },
} as const;

export type AlertTone = keyof typeof tones;

/**
 * An inline message or banner. Errors and warnings are announced at once (role alert);
 * info and success politely (role status).
 */
export function Alert({
  tone = 'info',
  title,
  children,
  action,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const { classes, icon: Icon, iconClass } = tones[tone];
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-xl border px-4 py-3 text-sm', classes, className)}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', iconClass)} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        {title && <p className="font-bold">{title}</p>}
        {children && <div className="leading-relaxed">{children}</div>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}
