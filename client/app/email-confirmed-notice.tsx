import { toast } from '@client/components/ui/use-toast';
import { queryKeys } from '@client/lib/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Where the server's confirmation link lands (decision 006): `/?emailConfirmed=1` or `/?emailConfirmed=invalid`. */
export const EMAIL_CONFIRMED_PARAM = 'emailConfirmed';

/**
 * Says what opening the mailed link did, on whatever page it landed and whether or not this browser is signed
 * in (the link signs nobody in), then drops the parameter so a reload does not say it again. A confirmed
 * link refetches the current user, so the workspace's reminder goes at once.
 */
export function EmailConfirmedNotice() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get(EMAIL_CONFIRMED_PARAM);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (outcome !== '1' && outcome !== 'invalid') return;
    if (shown.current !== outcome) {
      shown.current = outcome;
      if (outcome === '1') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
        toast({
          title: 'E-mail address confirmed',
          description: 'Thank you! You can now register your player profile, rate players and vote on helpfulness.',
          variant: 'success',
        });
      } else {
        toast({
          title: 'This confirmation link does not work',
          description:
            'It is invalid, was already used or has expired (links last 24 hours). Sign in and choose "Resend the link" to get a new one.',
          variant: 'destructive',
          duration: 15_000,
        });
      }
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EMAIL_CONFIRMED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, queryClient, setParams]);

  return null;
}
