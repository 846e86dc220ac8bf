import { apiRequest } from '@client/lib/api-client';
import type { EmailSignupBody, EmailSignupReply } from '@common/schemas/signups';
import { useMutation } from '@tanstack/react-query';

/** docs/product.md#player-calls POST /api/email-signup. */
export function useSignUpForUpdates() {
  return useMutation({
    mutationFn: (body: EmailSignupBody) => apiRequest<EmailSignupReply>('POST', '/api/email-signup', body),
  });
}
