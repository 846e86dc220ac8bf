import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type {
  VerifyConfirmInput,
  VerifyConfirmReply,
  VerifyRequestBody,
  VerifyRequestReply,
} from '@common/schemas/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** docs/product.md#player-calls POST /api/verify/request → {playerName, verificationCode (demo mode only)}. */
export function useRequestVerification() {
  return useMutation({
    mutationFn: (body: VerifyRequestBody) => apiRequest<VerifyRequestReply>('POST', '/api/verify/request', body),
  });
}

/** docs/product.md#player-calls POST /api/verify/confirm → {player}. A verified player shows differently everywhere, so players refresh. */
export function useConfirmVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyConfirmInput) => apiRequest<VerifyConfirmReply>('POST', '/api/verify/confirm', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.players.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.linkedPlayer }),
      ]),
  });
}
