import { LoadingScreen } from '@client/components/loading-screen';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@client/components/ui/card';
import { serverMessage } from '@client/lib/api-client';
import { usePageMeta } from '@client/lib/use-page-meta';
import { PAGE_META } from '@common/seo';
import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useUnsubscribe, useUnsubscribeTarget } from '../api/unsubscribe';

/**
 * /unsubscribe?token= (docs/product.md#notifications): the visible link of every notification e-mail. Works signed
 * out; opening it only shows what it switches off (mail scanners open links), the button switches it off.
 */
export default function UnsubscribePage() {
  usePageMeta(PAGE_META['/unsubscribe']);
  const token = useSearchParams()[0].get('token') ?? '';
  const target = useUnsubscribeTarget(token);
  const unsubscribe = useUnsubscribe(token);

  if (token && target.isPending) return <LoadingScreen />;

  return (
    <div className="mx-auto grid w-full max-w-xl gap-5 px-3 py-6 sm:px-6 sm:py-10">
      <Card>
        <CardHeader className="pb-5 sm:pb-6">
          <h1 className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-stone-900">
            <MailX aria-hidden className="size-5 text-teal-700" />
            Unsubscribe
          </h1>
          {target.data && (
            <CardDescription>
              Stop e-mails about: <strong className="text-stone-900">{target.data.label}</strong>. They still show under
              the bell when you sign in.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-3 pt-0 empty:hidden">
          {!target.data ? (
            <Alert tone="error" title="This unsubscribe link is not valid">
              Open the link from the e-mail again, or switch e-mails off in your account.
            </Alert>
          ) : target.data.unsubscribed ? (
            <Alert tone="success" title="You are unsubscribed">
              You will get no more of these e-mails. You can switch them back on in your account.
            </Alert>
          ) : unsubscribe.isError ? (
            <Alert tone="error" title="That did not work">
              {serverMessage(unsubscribe.error, 'Please try again.')}
            </Alert>
          ) : null}
        </CardContent>
        <CardFooter>
          {target.data && !target.data.unsubscribed && (
            <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              Unsubscribe
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to="/account">E-mail settings</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
