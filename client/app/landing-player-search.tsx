import { fieldClasses } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';
import type { SearchBoxValues } from '@client/lib/player-search-query';
import { DEFAULT_SEARCH_RADIUS_MILES, SEARCH_RADII_MILES, type SearchRadiusMiles } from '@common/search-radii';
import { ChevronDown, MapPin } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import {
  LANDING_SEARCH_IDS,
  LandingNameField,
  SearchLayout,
  labelClasses,
  type LandingPanelProps,
} from './landing-search-layout';

const loadPanel = () => import('./landing-player-search-panel').then((module) => module.LandingPlayerSearchPanel);

/**
 * The landing page's "Find players" section (docs/product.md#landing-page: visitors search players). The landing page's first
 * JavaScript must stay small (decision 010), so this part draws the section and plain fields, and the search
 * itself (suggestions, requests, result cards: about 6 KB gzip) loads at the first sign of use: the pointer
 * over the section, a touch, a focus or a key. Then it takes the fields' places with what was typed and the
 * focus where it was.
 */
export function LandingPlayerSearch() {
  const [values, setValues] = useState<SearchBoxValues>({
    text: '',
    near: '',
    radiusMiles: DEFAULT_SEARCH_RADIUS_MILES,
  });
  const [panel, setPanel] = useState<{ Panel: ComponentType<LandingPanelProps>; focus: LandingPanelProps['focus'] }>();
  const section = useRef<HTMLElement>(null);
  const loading = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    loadPanel()
      .then((Panel) => {
        const active = document.activeElement;
        const focused = active instanceof HTMLElement && section.current?.contains(active) ? active : null;
        const caret = focused instanceof HTMLInputElement ? focused.selectionStart : null;
        setPanel({ Panel, focus: focused?.id ? { id: focused.id, caret } : null });
      })
      // A failed download (offline, a new deploy) leaves the plain fields; the next interaction tries again.
      .catch(() => {
        loading.current = false;
      });
  };

  // The app takes over a pre-rendered page at the visitor's first input: that first focus came before us.
  useEffect(() => {
    if (section.current?.contains(document.activeElement)) load();
  });

  const fields = panel ? (
    <panel.Panel initial={values} focus={panel.focus} />
  ) : (
    <PlainSearchFields values={values} onChange={setValues} />
  );

  return (
    <section
      ref={section}
      aria-labelledby="find-players-heading"
      className="border-b border-stone-200 bg-white"
      onPointerEnter={load}
      onPointerDown={load}
      onFocus={load}
      onKeyDown={load}
    >
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="max-w-2xl">
          <h2 id="find-players-heading" className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">
            Find players
          </h2>
          <p className="mt-2 text-stone-600">
            Look anyone up by name, or see who plays near you and how the community rates them.
          </p>
        </div>
        {fields}
      </div>
    </section>
  );
}

/** The search form before the search has loaded: plain fields that keep what is typed, handed over on load. */
function PlainSearchFields({
  values,
  onChange,
}: {
  values: SearchBoxValues;
  onChange: (values: SearchBoxValues) => void;
}) {
  return (
    <SearchLayout
      nameField={<LandingNameField value={values.text} onChange={(text) => onChange({ ...values, text })} />}
      nearFields={
        <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-end gap-2">
          <PlainField id={LANDING_SEARCH_IDS.near} label="Near">
            <MapPin
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
            />
            <input
              id={LANDING_SEARCH_IDS.near}
              type="text"
              className={cn(fieldClasses, 'h-10 pl-9')}
              placeholder="ZIP or City, ST"
              autoComplete="off"
              value={values.near}
              onChange={(event) => onChange({ ...values, near: event.target.value })}
            />
          </PlainField>
          <PlainField id={LANDING_SEARCH_IDS.radius} label="Within">
            <select
              id={LANDING_SEARCH_IDS.radius}
              className={cn(fieldClasses, 'h-10 cursor-pointer appearance-none pr-9')}
              value={values.radiusMiles}
              onChange={(event) =>
                onChange({ ...values, radiusMiles: Number(event.target.value) as SearchRadiusMiles })
              }
            >
              {SEARCH_RADII_MILES.map((radius) => (
                <option key={radius} value={radius}>
                  {radius} mi
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-500"
            />
          </PlainField>
        </div>
      }
    />
  );
}

/** A labelled plain field of the placeholder form, drawn like NearPlaceFields' (without its suggestions). */
function PlainField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <div className="relative">{children}</div>
    </div>
  );
}
