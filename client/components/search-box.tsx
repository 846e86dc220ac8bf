import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { Search } from 'lucide-react';

/**
 * The search box above a list searched on the server (its props come from useSearchedList); shows a spinner while
 * the next answer is on its way.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  busy,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  busy?: boolean;
}) {
  return (
    <div className="relative w-full sm:max-w-xs">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 pr-9 pl-9 sm:h-10"
        maxLength={200}
      />
      {busy && <Spinner className="absolute top-1/2 right-3 -translate-y-1/2 text-teal-700" />}
    </div>
  );
}
