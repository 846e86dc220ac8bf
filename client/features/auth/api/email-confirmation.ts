import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { ResendConfirmationReply } from '@common/schemas/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The confirmation link the server answered with DEMO_MODE (sign-up or resend), kept in the query cache so
 * the workspace banner can show it, as docs/product.md#verify-screen shows the verification code in demo mode.
 */
export function useDemoConfirmationUrl(): string | null {
  const { data } = useQuery({
    queryKey: queryKeys.auth.demoConfirmationUrl,
    queryFn: () => null as string | null,
    staleTime: Infinity,
    enabled: false,
  });
  return data ?? null;
}

export function useRememberDemoConfirmationUrl() {
  const queryClient = useQueryClient();
  return (url: string | undefined) => {
    if (url) queryClient.setQueryData(queryKeys.auth.demoConfirmationUrl, url);
  };
}

/** POST /api/auth/confirm-email/resend */
export function useResendConfirmation() {
  const remember = useRememberDemoConfirmationUrl();
  return useMutation({
    mutationFn: () => apiRequest<ResendConfirmationReply>('POST', '/api/auth/confirm-email/resend'),
    onSuccess: (reply) => remember(reply.confirmationUrl),
  });
}
