import { SearchField } from '@client/components/search-field';
import type { SearchBoxValues } from '@client/lib/player-search-query';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';

// What the landing page's search has the same before and after its search part loads (landing-player-search.tsx),
// apart from both so that neither imports the other.

export const LANDING_SEARCH_IDS = {
  name: 'landing-search-name',
  near: 'landing-search-near',
  radius: 'landing-search-radius',
} as const;

export type LandingPanelProps = {
  initial: SearchBoxValues;
  /** The field that had the focus in the placeholder fields, to get it back with its caret. */
  focus: { id: string; caret: number | null } | null;
};

export const labelClasses = 'text-sm font-medium text-stone-800 select-none';

/** The "Player name" field, the same before and after the search has loaded. */
export function LandingNameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <SearchField
      id={LANDING_SEARCH_IDS.name}
      placeholder="e.g. Jordan Rivera"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The search form's two boxes, the same with the plain fields and with the loaded search; results go after. */
export function SearchLayout({
  nameField,
  nearFields,
  children,
}: {
  nameField: ReactNode;
  nearFields: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <form
        role="search"
        aria-label="Find players"
        className="mt-6 grid gap-4 lg:grid-cols-2"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="grid content-start gap-1.5 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200">
          <label htmlFor={LANDING_SEARCH_IDS.name} className={labelClasses}>
            Player name
          </label>
          {nameField}
          <p className="text-xs text-stone-500">At least 2 characters.</p>
        </div>
        <fieldset className="grid content-start gap-1.5 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200">
          <legend className="sr-only">Players near you</legend>
          <p aria-hidden className="flex items-center gap-1.5 text-sm font-semibold text-teal-800">
            <MapPin className="size-4" />
            Players near you
          </p>
          {nearFields}
        </fieldset>
      </form>
      {children}
    </>
  );
}
