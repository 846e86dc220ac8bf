import { LocationInput } from '@client/components/location-input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { cn } from '@client/lib/cn';
import { SEARCH_RADII_MILES, type SearchRadiusMiles } from '@common/search-radii';
import { useId } from 'react';

/**
 * The "Near" half of a player search box: a place (ZIP or "City, ST", with the location suggestions) and a
 * radius. Shared by Player Registration, the Rate a Player wizard and the landing page.
 */
export function NearPlaceFields({
  near,
  onNearChange,
  radiusMiles,
  onRadiusChange,
  className,
  nearId,
  radiusId,
  error,
  onNearBlur,
}: {
  near: string;
  onNearChange: (value: string) => void;
  radiusMiles: SearchRadiusMiles;
  onRadiusChange: (value: SearchRadiusMiles) => void;
  className?: string;
  /** The Near field's id, for a caller that moves the focus to it. */
  nearId?: string;
  radiusId?: string;
  /** What is wrong with the place (usePlayerSearch's nearProblem), shown under the fields. */
  error?: string | null;
  onNearBlur?: () => void;
}) {
  const id = useId();
  const placeId = nearId ?? `${id}-near`;
  const withinId = radiusId ?? `${id}-radius`;
  const errorId = `${placeId}-error`;
  return (
    <div className={cn('grid grid-cols-[minmax(0,1fr)_6.5rem] items-end gap-x-2 gap-y-1.5', className)}>
      <div className="grid gap-1.5">
        <Label htmlFor={placeId}>Near</Label>
        <LocationInput
          id={placeId}
          value={near}
          onChange={onNearChange}
          onBlur={onNearBlur}
          placeholder="ZIP or City, ST"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={withinId}>Within</Label>
        <NativeSelect
          id={withinId}
          value={radiusMiles}
          onChange={(event) => onRadiusChange(Number(event.target.value) as SearchRadiusMiles)}
        >
          {SEARCH_RADII_MILES.map((radius) => (
            <option key={radius} value={radius}>
              {radius} mi
            </option>
          ))}
        </NativeSelect>
      </div>
      {/* Announced as it appears: the search has no button, so nothing else tells a screen reader. */}
      <p id={errorId} aria-live="polite" className="col-span-2 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
