import { cn } from '@client/lib/cn';
import { ShieldCheck, ShieldQuestion } from 'lucide-react';
import type { ComponentProps } from 'react';

const tones = {
  neutral: 'bg-stone-100 text-stone-700 ring-stone-200',
  brand: 'bg-teal-50 text-teal-800 ring-teal-200',
  accent: 'bg-amber-100 text-amber-900 ring-amber-300',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  orange: 'bg-orange-100 text-orange-900 ring-orange-300',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  solidDanger: 'bg-red-600 text-white ring-red-600',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

/** docs/product.md#skill-levels: "Verified", the one mark of a verified player, wherever a player is shown. */
export function VerifiedBadge() {
  return (
    <Badge tone="success">
      <ShieldCheck aria-hidden className="size-3.5" />
      Verified
    </Badge>
  );
}

/** A player's verification as Player Registration shows it: "Verified", or "Unverified" in the warning tone. */
export function VerificationBadge({ verified }: { verified: boolean }) {
  if (verified) return <VerifiedBadge />;
  return (
    <Badge tone="warning">
      <ShieldQuestion aria-hidden className="size-3.5" />
      Unverified
    </Badge>
  );
}
