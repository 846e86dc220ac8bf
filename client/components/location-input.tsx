import { fieldClasses } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';
import { LOCATION_BLUR_CLOSE_MS, LOCATION_DEBOUNCE_MS, locationSuggestionsQuery } from '@client/lib/locations-query';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import type { LocationSuggestion } from '@common/schemas/locations';
import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A location field with US ZIP/city suggestions (docs/product.md#player-registration, docs/product.md#claim-dialog):
 * a WAI-ARIA combobox. Typing asks GET /api/locations after a 300 ms pause; up to 10 suggestions show;
 * arrow keys move, Enter picks, Escape closes, and leaving the field closes the list after 150 ms (docs/product.md#limits-and-timings),
 * late enough for a click on a suggestion to land.
 */
export function LocationInput({
  value,
  onChange,
  onPick,
  onBlur,
  id,
  placeholder = 'ZIP code or city',
  className,
  disabled,
  readOnly,
  autoComplete = 'off',
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Called after a suggestion is chosen (the value is already its label, 'zip — City, ST'). */
  onPick?: (suggestion: LocationSuggestion) => void;
  /** Called when the field loses focus (a click on a suggestion keeps it): the moment to check what was typed. */
  onBlur?: () => void;
  id?: string;
  placeholder?: string;
  className?: string;
  disabled?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = `${inputId}-suggestions`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const debounced = useDebouncedValue(value, LOCATION_DEBOUNCE_MS);
  // Ask only once typing has paused on the current text, not for the text it replaced.
  const settled = debounced === value && debounced.trim().length >= 2;
  const query = useQuery({ ...locationSuggestionsQuery(debounced), enabled: open && settled });
  const suggestions = open && debounced.trim().length >= 2 ? (query.data ?? []) : [];
  const expanded = suggestions.length > 0;

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const pick = (suggestion: LocationSuggestion) => {
    onChange(suggestion.label);
    onPick?.(suggestion);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (suggestions.length > 0) setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      if (!expanded) return;
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      if (expanded && active >= 0 && suggestions[active]) {
        event.preventDefault();
        pick(suggestions[active]);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        event.stopPropagation();
      }
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={cn('relative', className)}>
      <MapPin
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
      />
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        autoComplete={autoComplete}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readOnly}
        value={value}
        className={cn(fieldClasses, 'h-10 pl-9')}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => clearTimeout(blurTimer.current)}
        onBlur={() => {
          onBlur?.();
          blurTimer.current = setTimeout(() => {
            setOpen(false);
            setActive(-1);
          }, LOCATION_BLUR_CLOSE_MS);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Location suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg shadow-stone-900/10"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.zip}-${suggestion.city}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={cn(
              'flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm text-stone-800',
              index === active ? 'bg-teal-50 text-teal-950' : 'hover:bg-stone-50',
            )}
            // Keep focus in the input so the blur timer does not race the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
          >
            <span className="font-semibold tabular-nums">{suggestion.zip}</span>
            <span className="truncate">
              {suggestion.city}, {suggestion.state}
            </span>
          </li>
        ))}
      </ul>
      <span className="sr-only" aria-live="polite">
        {expanded ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'} available` : ''}
      </span>
    </div>
  );
}
