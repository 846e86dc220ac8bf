import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAuth } from '@client/lib/use-auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDemoConfirmationUrl, useResendConfirmation } from '../api/email-confirmation';

/**
 * The workspace's reminder while a password account's e-mail is unproven (decision 006): registering,
 * claiming, rating and voting wait for it. The link is usually opened in another tab, so coming back to this
 * one looks at the current user again.
 */
export default function ConfirmEmailBanner() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const demoUrl = useDemoConfirmationUrl();
  const resend = useResendConfirmation();
  const unconfirmed = user !== null && !user.emailConfirmed;

  useEffect(() => {
    if (!unconfirmed) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [unconfirmed, queryClient]);

  if (!unconfirmed) return null;
  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: (reply) => toast({ title: 'Link sent', description: reply.message, variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Could not send the link', description: serverMessage(error), variant: 'destructive' }),
    });

  return (
    <Alert tone="warning" title="Please confirm your e-mail address">
      <p>
        We sent a link to <span className="font-semibold [overflow-wrap:anywhere]">{user.email}</span>. Open it to
        register your player profile, rate players and vote on helpfulness. No mail? Check the spam folder, or resend
        the link.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="outline" size="sm" loading={resend.isPending} onClick={sendAgain}>
          Resend the link
        </Button>
        {demoUrl && (
          <p>
            Demo mode:{' '}
            <a className="font-semibold text-teal-800 underline" href={demoUrl}>
              open your confirmation link
            </a>
          </p>
        )}
      </div>
    </Alert>
  );
}
