import { cn } from '@client/lib/cn';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { charactersOver, textLength } from '@common/text';
import { useId, type ComponentProps } from 'react';
import { Textarea } from './textarea';

const count = new Intl.NumberFormat('en-US');

/** Under this share of the limit left, a pause in typing announces what is left. */
const ANNOUNCE_FROM = 0.9;
/** A screen reader hears the count once typing pauses, not at every key. */
const ANNOUNCE_AFTER_MS = 1000;

const characters = (n: number) => `${count.format(n)} character${n === 1 ? '' : 's'}`;

/** What is wrong with a text over its limit, in the words the field shows under it. */
export const tooLongMessage = (over: number, max: number) =>
  `${characters(over)} too many: shorten it to ${count.format(max)} at most.`;

/**
 * A textarea with a visible count against its limit ("1,234 / 2,000"). Nothing is cut: a longer text stays in the
 * box, marked invalid with what to remove, and the form refuses it (the server's schema would too). Close to the
 * limit, a pause in typing tells a screen reader how many are left. Takes FormField's id and descriptions.
 */
export function CountedTextarea({
  value,
  max,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: Omit<ComponentProps<'textarea'>, 'value' | 'maxLength'> & { value: string; max: number }) {
  const countId = useId();
  const overId = useId();
  const used = textLength(value);
  const over = charactersOver(value, max);
  // A form that checks the text itself (FormField's error, which marks the field invalid) says what is wrong.
  const ownMessage = over > 0 && !invalid;
  const announced = useDebouncedValue(used, ANNOUNCE_AFTER_MS);
  const announcement =
    announced > max
      ? `${characters(announced - max)} too many`
      : announced >= max * ANNOUNCE_FROM
        ? `${characters(max - announced)} left`
        : '';
  return (
    <>
      <Textarea
        value={value}
        aria-invalid={over > 0 || invalid ? true : undefined}
        aria-describedby={[describedBy, countId, ownMessage ? overId : null].filter(Boolean).join(' ')}
        className={className}
        {...props}
      />
      <div className="flex items-start justify-between gap-3 text-xs">
        {ownMessage ? (
          <p id={overId} className="min-w-0 text-sm font-medium text-red-700">
            {tooLongMessage(over, max)}
          </p>
        ) : (
          <span />
        )}
        <p
          id={countId}
          className={cn('shrink-0 tabular-nums', over > 0 ? 'font-semibold text-red-700' : 'text-stone-500')}
        >
          <span aria-hidden>
            {count.format(used)} / {count.format(max)}
          </span>
          <span className="sr-only">
            {count.format(used)} of {characters(max)} used
          </span>
        </p>
      </div>
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
    </>
  );
}
