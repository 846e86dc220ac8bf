import { apiRequest } from '@client/lib/api-client';
import { useRefreshAuth } from '@client/lib/use-auth';
import type { DevLoginBody, DeveloperUser } from '@common/schemas/auth';
import { useMutation } from '@tanstack/react-query';

/** docs/product.md#sign-in-calls POST /api/dev-login: on success refreshes the two user lookups. */
export function useDevLogin() {
  const refreshAuth = useRefreshAuth();
  return useMutation({
    mutationFn: (body: DevLoginBody) => apiRequest<DeveloperUser>('POST', '/api/dev-login', body),
    onSuccess: () => refreshAuth(),
  });
}
