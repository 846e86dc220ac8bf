import { SearchField } from '@client/components/search-field';
import { Alert } from '@client/components/ui/alert';
import { Label } from '@client/components/ui/label';
import { hasErrorCode, serverMessage } from '@client/lib/api-client';
import type { PlayerSearchState } from '@client/lib/player-search-query';
import { SEARCH_MIN_LENGTH } from '@common/constants';
import type { PlayerSearchResult } from '@common/schemas/players';
import { useId, type ReactNode } from 'react';

/**
 * The labelled name box of a player search (Player Registration, the Rate a Player wizard): the field, a spinner
 * while an answer is on its way, and the length hint.
 */
export function PlayerNameField({ label, state }: { label: string; state: PlayerSearchState }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  return (
    <>
      <Label htmlFor={inputId}>{label}</Label>
      <SearchField
        id={inputId}
        placeholder="Name or location"
        aria-describedby={hintId}
        value={state.text}
        onChange={(event) => state.setText(event.target.value)}
        busy={state.search.isFetching && state.ready}
      />
      <p id={hintId} className="text-xs text-stone-500">
        Type at least {SEARCH_MIN_LENGTH} characters.
      </p>
    </>
  );
}

/**
 * What a player search answered, the same on every screen that searches players: a failure, the status line
 * (`status`, usually `searchStatus(state)`), and the players found as a named list, each drawn by `renderPlayer`.
 */
export function PlayerSearchResults({
  state,
  status,
  statusClassName,
  players = state.results,
  listLabel,
  listClassName,
  itemClassName,
  renderPlayer,
}: {
  state: PlayerSearchState;
  status: ReactNode;
  statusClassName: string;
  /** The players to list, when not all the results are shown. */
  players?: PlayerSearchResult[];
  listLabel: string;
  listClassName: string;
  itemClassName?: string;
  renderPlayer: (player: PlayerSearchResult) => ReactNode;
}) {
  return (
    <>
      {/* An unknown place is said under the Near field (nearProblem). */}
      {state.search.isError && state.ready && !hasErrorCode(state.search.error, 'place_not_found') && (
        <Alert tone="error" title="Search failed">
          {serverMessage(state.search.error, 'Please try again.')}
        </Alert>
      )}
      <p role="status" className={statusClassName}>
        {status}
      </p>
      {players.length > 0 && (
        <ul aria-label={listLabel} className={listClassName}>
          {players.map((player) => (
            <li key={player.id} className={itemClassName}>
              {renderPlayer(player)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
