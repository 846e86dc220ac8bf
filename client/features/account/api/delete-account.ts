import { apiRequest } from '@client/lib/api-client';
import type { DeleteAccountBody, ErasureReply } from '@common/schemas/account';
import { useMutation } from '@tanstack/react-query';

/**
 * docs/product.md#your-data DELETE /api/auth/user: erases the signed-in account and signs out. Nothing to refresh:
 * the screen leaves for the landing page with a full load, which starts every query afresh.
 */
export const deleteAccount = (body: DeleteAccountBody) => apiRequest<ErasureReply>('DELETE', '/api/auth/user', body);

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
