import { CenteredPage } from '@client/components/centered-page';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { useToast } from '@client/components/ui/use-toast';
import { hasErrorCode, serverMessage } from '@client/lib/api-client';
import { usePageMeta } from '@client/lib/use-page-meta';
import { PAGE_META } from '@common/seo';
import { Code2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useDevLogin } from '../api/dev-login';

/** docs/product.md#developer-login: the query-string errors. */
const QUERY_ERRORS: Record<string, { title: string; description: string }> = {
  invalid_credentials: {
    title: 'Invalid Credentials',
    description: 'The user ID or password you entered is incorrect.',
  },
  auth_failed: { title: 'Authentication Failed', description: 'There was an error during sign in. Please try again.' },
};

/** docs/product.md#developer-login: redirect to / one second after a successful developer login. */
const REDIRECT_DELAY_MS = 1000;

/** A server message fit to show, or null for wrong credentials (their message is the bare `invalid_credentials`). */
function readableMessage(error: unknown): string | null {
  if (hasErrorCode(error, 'invalid_credentials')) return null;
  return serverMessage(error, '') || null;
}

/** docs/product.md#developer-login, /dev-login: User ID and password (show/hide) and Sign In. */
export default function DevLoginPage() {
  usePageMeta(PAGE_META['/dev-login']);
  const { toast } = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryError = QUERY_ERRORS[params.get('error') ?? ''];
  const login = useDevLogin();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (queryError) toast({ ...queryError, variant: 'destructive' });
  }, [queryError, toast]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { userId: userId.trim(), password: password.trim() };
    if (!body.userId || !body.password) {
      toast({
        title: 'Missing Information',
        description: 'Please enter both user ID and password.',
        variant: 'destructive',
      });
      return;
    }
    login.mutate(body, {
      onSuccess: (developer) => {
        setRedirecting(true);
        toast({
          title: 'Login Successful',
          description: `Signed in as developer ${developer.userId}.`,
          variant: 'success',
        });
        setTimeout(() => void navigate('/', { replace: true }), REDIRECT_DELAY_MS);
      },
      onError: (error) =>
        toast({
          title: 'Login Failed',
          description: readableMessage(error) ?? 'Invalid credentials. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <CenteredPage
      title="Developer sign-in"
      subtitle="For the development team. Players sign in from the main sign-in page."
      icon={
        <span className="grid size-12 place-items-center rounded-2xl bg-amber-100 text-amber-800 ring-1 ring-amber-200">
          <Code2 aria-hidden className="size-6" />
        </span>
      }
    >
      {queryError && (
        <Alert tone="error" title={queryError.title} className="mb-5">
          {queryError.description}
        </Alert>
      )}
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField label="User ID">
          <Input autoComplete="username" value={userId} onChange={(event) => setUserId(event.target.value)} />
        </FormField>
        <FormField label="Password">
          <PasswordInput
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" loading={login.isPending || redirecting}>
          Sign In
        </Button>
      </form>
    </CenteredPage>
  );
}
