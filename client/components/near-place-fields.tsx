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
}: {
  near: string;
  onNearChange: (value: string) => void;
  radiusMiles: SearchRadiusMiles;
  onRadiusChange: (value: SearchRadiusMiles) => void;
  className?: string;
  /** The Near field's id, for a caller that moves the focus to it. */
  nearId?: string;
  radiusId?: string;
}) {
  const id = useId();
  const placeId = nearId ?? `${id}-near`;
  const withinId = radiusId ?? `${id}-radius`;
  return (
    <div className={cn('grid grid-cols-[minmax(0,1fr)_6.5rem] items-end gap-2', className)}>
      <div className="grid gap-1.5">
        <Label htmlFor={placeId}>Near</Label>
        <LocationInput id={placeId} value={near} onChange={onNearChange} placeholder="ZIP or City, ST" />
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
    </div>
  );
}
