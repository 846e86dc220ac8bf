import { cn } from '@client/lib/cn';
import { Spinner } from './spinner';

/** An inline loading line for a list or panel ("Loading leaderboard..."), announced politely. */
export function LoadingBlock({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 py-10 text-sm text-stone-600', className)}>
      <Spinner className="text-teal-700" />
      <span>{label}</span>
    </div>
  );
}
