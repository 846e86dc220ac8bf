import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { BulkImportReply } from '@common/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreparedPlayer } from '../prepare-players';

/** docs/product.md#admin-calls POST /api/players/bulk (admin headers) → {results, message}. */
export const importPlayers = (players: PreparedPlayer[]) =>
  apiRequest<BulkImportReply>('POST', '/api/players/bulk', { players }, { admin: true });

/** New players belong in the admin Player List and in player searches, so those lists refresh. */
export function useImportPlayers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPlayers,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.players }),
        queryClient.invalidateQueries({ queryKey: queryKeys.players.searchAll }),
      ]),
  });
}
