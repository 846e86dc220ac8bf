import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { EstimateBadge } from '@client/components/ui/estimate-badge';
import { publicPlace } from '@common/player-path';
import { firstCharacter } from '@common/initials';
import { History, MapPin, UserPlus, X } from 'lucide-react';
import { targetName, type RatingTarget } from '../rating-draft';

/** Steps 2 and 3: who is being rated (and whether an earlier rating is being updated), with Change Player and Cancel. */
export function SelectedPlayer({
  target,
  isUpdate,
  onChange,
  onCancel,
}: {
  target: RatingTarget;
  isUpdate: boolean;
  onChange: () => void;
  onCancel: () => void;
}) {
  const estimate = target.kind === 'existing' ? target.player.overallEstimate : undefined;
  const location =
    target.kind === 'existing'
      ? publicPlace(target.player.location)
      : [target.details.city.trim(), target.details.state.trim()].filter(Boolean).join(', ');
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-gradient-to-r from-teal-50 to-white p-3 ring-1 ring-teal-100 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span
          aria-hidden
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-teal-700 text-sm font-bold text-white"
        >
          {target.kind === 'new' ? <UserPlus className="size-5" /> : firstCharacter(targetName(target)).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
            <span className="sr-only">Rating: </span>
            {targetName(target)}
            {target.kind === 'new' && <Badge tone="brand">New player</Badge>}
            {isUpdate && (
              <Badge tone="accent">
                <History aria-hidden className="size-3.5" />
                Updating your earlier rating
              </Badge>
            )}
          </p>
          {location && (
            <p className="flex items-center gap-1 text-sm text-stone-600">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{location}</span>
            </p>
          )}
          {estimate && <EstimateBadge estimate={estimate} className="mt-1" />}
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onChange} className="flex-1 sm:flex-none">
          Change Player
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} className="flex-1 sm:flex-none">
          <X aria-hidden className="size-4" />
          Cancel
        </Button>
      </div>
    </div>
  );
}
