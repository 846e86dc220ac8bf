import { CenteredPage, FooterLink, OrDivider } from '@client/components/centered-page';
import { GoogleSignInButton, useGoogleSignInEnabled } from '@client/components/google-sign-in-button';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { EmailInput } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { useToast } from '@client/components/ui/use-toast';
import { fieldErrors, serverMessage } from '@client/lib/api-client';
import { validate } from '@client/lib/form-errors';
import { revalidateField } from '@client/lib/revalidate-field';
import { authPathOnTo, safeNextPath } from '@client/lib/next-path';
import { useRefreshAuth } from '@client/lib/use-auth';
import { usePageMeta } from '@client/lib/use-page-meta';
import { forgotPasswordBodySchema, loginBodySchema } from '@common/schemas/auth';
import { PAGE_META } from '@common/seo';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { POST_LOGIN_REDIRECT_MS, useForgotPassword, useLogin } from '../api/password-auth';
import { SignedOutOnly } from './signed-out-only';

/** Messages for the ?error= the sign-in redirects can carry. */
const QUERY_ERRORS: Record<string, { title: string; body: string }> = {
  auth_failed: { title: 'Authentication Failed', body: 'There was an error during sign in. Please try again.' },
  google_unavailable: {
    title: 'Google sign-in unavailable',
    body: 'Google sign-in is not available right now. Please sign in with your e-mail and password.',
  },
};

/** docs/product.md#pages, /login: Google, or e-mail and password, with the forgot-password form. */
export default function LoginPage() {
  usePageMeta(PAGE_META['/login']);
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const [signedIn, setSignedIn] = useState(false);
  const googleEnabled = useGoogleSignInEnabled();
  return (
    <SignedOutOnly hold={signedIn} waiting={googleEnabled === undefined}>
      {mode === 'login' ? (
        <LoginCard
          googleEnabled={googleEnabled === true}
          onForgot={() => setMode('forgot')}
          onSignedIn={() => setSignedIn(true)}
        />
      ) : (
        <ForgotPasswordCard onBack={() => setMode('login')} />
      )}
    </SignedOutOnly>
  );
}

function LoginCard({
  googleEnabled,
  onForgot,
  onSignedIn,
}: {
  googleEnabled: boolean;
  onForgot: () => void;
  onSignedIn: () => void;
}) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const refreshAuth = useRefreshAuth();
  const [params] = useSearchParams();
  const queryError = QUERY_ERRORS[params.get('error') ?? ''];
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { data, errors: invalid } = validate(loginBodySchema, { email, password });
    setErrors(invalid ?? {});
    if (!data) return;
    login.mutate(data, {
      onSuccess: (user) => {
        setRedirecting(true);
        onSignedIn();
        toast({
          title: 'Signed in',
          description: user.firstName ? `Welcome back, ${user.firstName}!` : 'Welcome back!',
          variant: 'success',
        });
        // docs/product.md#limits-and-timings post-login redirect delay.
        setTimeout(() => {
          void refreshAuth().then(() => navigate(safeNextPath(params.get('next')), { replace: true }));
        }, POST_LOGIN_REDIRECT_MS);
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        setFailure(serverMessage(error, 'Sign in failed. Please try again.'));
      },
    });
  };

  return (
    <CenteredPage
      title="Welcome back"
      subtitle="Sign in to rate players, see your ratings and climb the leaderboard."
      footer={
        <>
          New to Pickleball Ratings?{' '}
          <FooterLink to={authPathOnTo('/register', params.get('next'))}>Create an account</FooterLink>
        </>
      }
    >
      {queryError && (
        <Alert tone="error" title={queryError.title} className="mb-5">
          {queryError.body}
        </Alert>
      )}
      {googleEnabled && (
        <>
          <GoogleSignInButton kind="login" className="w-full" returnTo={safeNextPath(params.get('next'))} />
          <OrDivider label="or sign in with e-mail" />
        </>
      )}
      <form noValidate onSubmit={submit} className="grid gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <FormField label="Email" error={errors.email}>
          <EmailInput
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors((current) =>
                revalidateField(loginBodySchema, { email: event.target.value, password }, current, 'email'),
              );
            }}
          />
        </FormField>
        <div className="grid gap-1.5">
          <FormField label="Password" error={errors.password}>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setErrors((current) =>
                  revalidateField(loginBodySchema, { email, password: event.target.value }, current, 'password'),
                );
              }}
            />
          </FormField>
          <Button variant="link" size="sm" className="justify-self-end" onClick={onForgot}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" size="lg" loading={login.isPending || redirecting}>
          {redirecting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </CenteredPage>
  );
}

function ForgotPasswordCard({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { data, errors } = validate(forgotPasswordBodySchema, { email });
    setError(errors?.email);
    if (!data) return;
    forgot.mutate(data, {
      onError: (err) => setFailure(serverMessage(err, 'Something went wrong. Please try again.')),
    });
  };

  return (
    <CenteredPage
      title="Reset your password"
      subtitle="Enter the e-mail you signed up with and we’ll send you a link to choose a new password."
      footer={
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      }
    >
      {forgot.isSuccess ? (
        <Alert tone="success" title="Check your inbox">
          {forgot.data.message}
        </Alert>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <FormField label="Email" error={error}>
            <EmailInput
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (error) setError(validate(forgotPasswordBodySchema, { email: event.target.value }).errors?.email);
              }}
            />
          </FormField>
          <Button type="submit" size="lg" loading={forgot.isPending}>
            Send reset link
          </Button>
        </form>
      )}
    </CenteredPage>
  );
}
