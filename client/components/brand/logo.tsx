import { cn } from '@client/lib/cn';

/** The ball mark (same drawing as the favicon). Decorative: the product name is always next to it. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn('size-8 shrink-0', className)}>
      <circle cx="32" cy="32" r="30" fill="#0f766e" />
      <circle cx="32" cy="32" r="22" fill="#facc15" />
      <g fill="#0f766e">
        <circle cx="24" cy="24" r="3" />
        <circle cx="40" cy="24" r="3" />
        <circle cx="32" cy="32" r="3" />
        <circle cx="24" cy="40" r="3" />
        <circle cx="40" cy="40" r="3" />
      </g>
    </svg>
  );
}
