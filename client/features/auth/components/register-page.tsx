import { CenteredPage, FooterLink, OrDivider } from '@client/components/centered-page';
import { NameFields } from '@client/components/name-fields';
import { GoogleSignInButton, useGoogleSignInEnabled } from '@client/components/google-sign-in-button';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { EmailInput } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { useToast } from '@client/components/ui/use-toast';
import { fieldErrors, hasErrorCode, serverMessage } from '@client/lib/api-client';
import { validate } from '@client/lib/form-errors';
import { authPathOnTo, safeNextPath } from '@client/lib/next-path';
import { revalidateField } from '@client/lib/revalidate-field';
import { useRefreshAuth } from '@client/lib/use-auth';
import { usePageMeta } from '@client/lib/use-page-meta';
import { registerBodySchema } from '@common/schemas/auth';
import { PAGE_META } from '@common/seo';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRememberDemoConfirmationUrl } from '../api/email-confirmation';
import { POST_LOGIN_REDIRECT_MS, useRegister } from '../api/password-auth';
import { PasswordRules } from './password-rules';
import { SignedOutOnly } from './signed-out-only';

type Fields = { firstName: string; lastName: string; email: string; password: string };

/** docs/product.md#pages, /register: Google, or an e-mail and password account (docs/product.md#password-rules), with a link to /login. */
export default function RegisterPage() {
  usePageMeta(PAGE_META['/register']);
  const { toast } = useToast();
  const navigate = useNavigate();
  const refreshAuth = useRefreshAuth();
  // Where the visitor was going when asked to sign in (a player to rate), kept through sign-up.
  const [params] = useSearchParams();
  const nextPath = params.get('next');
  const register = useRegister();
  const rememberDemoConfirmationUrl = useRememberDemoConfirmationUrl();
  const googleEnabled = useGoogleSignInEnabled();
  const [fields, setFields] = useState<Fields>({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const [redirecting, setRedirecting] = useState(false);

  const set = (key: keyof Fields) => (value: string) => {
    const next = { ...fields, [key]: value };
    setFields(next);
    setErrors((current) => revalidateField(registerBodySchema, next, current, key));
    if (key === 'email') setEmailTaken(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setEmailTaken(false);
    const { data, errors: invalid } = validate(registerBodySchema, fields);
    setErrors(invalid ?? {});
    if (!data) return;
    register.mutate(data, {
      onSuccess: (user) => {
        setRedirecting(true);
        rememberDemoConfirmationUrl(user.confirmationUrl);
        toast({
          title: 'Account created',
          description: `Welcome, ${user.firstName ?? 'player'}! We sent a link to ${user.email}: open it to confirm your e-mail address.`,
          variant: 'success',
        });
        setTimeout(() => {
          void refreshAuth().then(() => navigate(safeNextPath(nextPath), { replace: true }));
        }, POST_LOGIN_REDIRECT_MS);
      },
      onError: (error) => {
        if (hasErrorCode(error, 'email_taken')) {
          setEmailTaken(true);
          setErrors({ email: serverMessage(error, 'Email already registered') });
          return;
        }
        setErrors(fieldErrors(error));
        setFailure(serverMessage(error, 'Registration failed. Please try again.'));
      },
    });
  };

  return (
    <SignedOutOnly hold={redirecting} waiting={googleEnabled === undefined}>
      <CenteredPage
        title="Create your account"
        subtitle="Claim your player profile, rate the people you play with and track your progress."
        footer={
          <>
            Already have an account? <FooterLink to={authPathOnTo('/login', nextPath)}>Sign in</FooterLink>
          </>
        }
      >
        {googleEnabled && (
          <>
            <GoogleSignInButton kind="register" className="w-full" returnTo={safeNextPath(nextPath)} />
            <OrDivider label="or sign up with e-mail" />
          </>
        )}
        <form noValidate onSubmit={submit} className="grid gap-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <NameFields values={fields} errors={errors} set={set} />
          <FormField label="Email" error={errors.email}>
            <EmailInput value={fields.email} onChange={(event) => set('email')(event.target.value)} />
          </FormField>
          {emailTaken && (
            <Alert tone="info">
              This e-mail already has an account.{' '}
              <Link to={authPathOnTo('/login', nextPath)} className="font-semibold underline underline-offset-2">
                Sign in instead
              </Link>
              .
            </Alert>
          )}
          <FormField label="Password" error={errors.password} hint={<PasswordRules password={fields.password} />}>
            <PasswordInput
              autoComplete="new-password"
              value={fields.password}
              onChange={(event) => set('password')(event.target.value)}
            />
          </FormField>
          <Button type="submit" size="lg" loading={register.isPending || redirecting}>
            {redirecting ? 'Signing you in...' : 'Create account'}
          </Button>
          <p className="text-center text-xs text-stone-500">
            By creating an account you agree to rate fairly and respectfully.
          </p>
        </form>
      </CenteredPage>
    </SignedOutOnly>
  );
}
