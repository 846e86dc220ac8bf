import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { RegisterPlayerInput, RegisterPlayerReply } from '@common/schemas/players';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** §7 POST /api/players: the registration fields plus an optional linkedPlayerId. */
export const registerPlayer = (body: RegisterPlayerInput) =>
  apiRequest<RegisterPlayerReply>('POST', '/api/players', body);

export function useRegisterPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPlayer,
    // The caller now has a linked player (§4), and search results show the new or newly Linked player.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.linkedPlayer }),
        queryClient.invalidateQueries({ queryKey: queryKeys.players.searchAll }),
      ]),
  });
}
