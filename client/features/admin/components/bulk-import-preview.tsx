import { Alert } from '@client/components/ui/alert';
import { plural } from '@client/lib/plural';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { Preparation } from '../prepare-players';

const PREVIEW_ROWS = 5;

/** What the typed or uploaded text becomes before it is sent: the first players and the lines set aside. */
export function BulkImportPreview({ preparation }: { preparation: Preparation | null }) {
  if (!preparation) return null;
  if (!preparation.ok) {
    return (
      <Alert tone="error" title="Failed to parse CSV file">
        {preparation.error}
      </Alert>
    );
  }

  const { players, rejected, hasHeader } = preparation;
  const shown = players.slice(0, PREVIEW_ROWS);
  return (
    <section aria-label="Preview" className="grid gap-3 rounded-xl border border-stone-200 bg-stone-50/70 p-3 sm:p-4">
      <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {players.length > 0 ? (
          <CircleCheck aria-hidden className="size-4 text-emerald-700" />
        ) : (
          <TriangleAlert aria-hidden className="size-4 text-amber-700" />
        )}
        <span className="font-semibold text-stone-900">{plural(players.length, 'player')} ready to import</span>
        {hasHeader && <span className="text-stone-600">· header line recognised</span>}
        {rejected.length > 0 && (
          <span className="text-amber-800">· {plural(rejected.length, 'line')} without a first and last name</span>
        )}
      </p>

      {shown.length > 0 && (
        <ul className="divide-y divide-stone-200 overflow-hidden rounded-lg border border-stone-200 bg-white">
          {shown.map((player, index) => (
            <li
              key={index}
              className="grid gap-0.5 px-3 py-2 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,1fr)] sm:gap-3"
            >
              <span className="truncate font-semibold text-stone-900">
                {player.firstName} {player.lastName}
              </span>
              <span className="truncate text-stone-700">{player.email}</span>
              <span className="truncate text-stone-600">{player.location}</span>
            </li>
          ))}
          {players.length > shown.length && (
            <li className="px-3 py-2 text-sm text-stone-600">
              … and {plural(players.length - shown.length, 'more player')}
            </li>
          )}
        </ul>
      )}

      {rejected.length > 0 && (
        <ul className="grid gap-0.5 text-sm text-amber-900">
          {rejected.slice(0, PREVIEW_ROWS).map((line) => (
            <li key={line.line}>
              Line {line.line}: {line.reason}
            </li>
          ))}
          {rejected.length > PREVIEW_ROWS && <li>… and {plural(rejected.length - PREVIEW_ROWS, 'more line')}</li>}
        </ul>
      )}
    </section>
  );
}
