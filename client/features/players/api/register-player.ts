import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { RegisterPlayerInput, RegisterPlayerReply } from '@common/schemas/players';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** docs/product.md#player-calls POST /api/players: the registration fields plus an optional linkedPlayerId. */
export const registerPlayer = (body: RegisterPlayerInput) =>
  apiRequest<RegisterPlayerReply>('POST', '/api/players', body);

export function useRegisterPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPlayer,
    // The caller now has a linked player (docs/product.md#player-rules), and search results show the new or newly Linked player.
    // Not awaited: the refreshed linked player replaces the form, and the form's own onSuccess (the
    // success banner) must run before that unmounts it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.linkedPlayer });
      void queryClient.invalidateQueries({ queryKey: queryKeys.players.searchAll });
    },
  });
}
