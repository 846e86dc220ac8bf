import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { UpdatePlayerInput, UpdatePlayerReply } from '@common/schemas/players';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/players/{id}: the profile fields given change; the e-mail never does. */
export const updatePlayer = ({ playerId, body }: { playerId: number; body: UpdatePlayerInput }) =>
  apiRequest<UpdatePlayerReply>('PUT', `/api/players/${playerId}`, body);

export function useUpdatePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlayer,
    // The linked player card, the player's detail and search results all show the edited fields.
    // Awaited, so the form closes on the saved values.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.linkedPlayer }),
        queryClient.invalidateQueries({ queryKey: queryKeys.players.all }),
      ]);
    },
  });
}
