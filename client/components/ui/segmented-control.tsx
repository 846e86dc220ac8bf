import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';

/**
 * A row of pressed / unpressed buttons that picks one value, such as a list's order or the leaderboard's period.
 * `className` lays the row out (its columns on a phone); `buttonClassName` sizes the buttons.
 */
export function SegmentedControl<Value extends string>({
  label,
  options,
  labels,
  value,
  onChange,
  className,
  buttonClassName,
}: {
  /** What is picked, for screen readers: "Leaderboard period". */
  label: string;
  options: readonly Value[];
  labels: Record<Value, string>;
  value: Value;
  onChange: (value: Value) => void;
  className?: string;
  buttonClassName?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('gap-1 rounded-xl bg-stone-100 p-1', className)}>
      {options.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={option === value ? 'primary' : 'ghost'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={cn(buttonClassName, option !== value && 'text-stone-700')}
        >
          {labels[option]}
        </Button>
      ))}
    </div>
  );
}
