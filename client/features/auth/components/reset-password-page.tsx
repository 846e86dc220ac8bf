import { CenteredPage, FooterLink } from '@client/components/centered-page';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { PasswordInput } from '@client/components/ui/password-input';
import { serverMessage } from '@client/lib/api-client';
import { validate } from '@client/lib/form-errors';
import { usePageMeta } from '@client/lib/use-page-meta';
import { resetPasswordBodySchema } from '@common/schemas/auth';
import { PAGE_META } from '@common/seo';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/password-auth';
import { PasswordRules } from './password-rules';

/** The page the e-mailed reset link opens (/reset-password?token=…): choose a new password (docs/product.md#accounts-and-sign-in, docs/product.md#password-rules). */
export default function ResetPasswordPage() {
  usePageMeta(PAGE_META['/reset-password']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { data, errors: invalid } = validate(resetPasswordBodySchema, { token, password });
    const next = { ...(invalid ?? {}) };
    if (!next.password && password !== confirm) next.confirm = 'Passwords do not match';
    setErrors(next);
    if (invalid?.token) setFailure(invalid.token);
    if (!data || next.confirm) return;
    reset.mutate(data, {
      onError: (error) => setFailure(serverMessage(error, 'Could not reset your password. Please try again.')),
    });
  };

  const backToLogin = <FooterLink to="/login">Back to sign in</FooterLink>;

  if (reset.isSuccess) {
    return (
      <CenteredPage title="Password updated" footer={backToLogin}>
        <Alert tone="success">{reset.data.message}</Alert>
        <Button asChild size="lg" className="mt-5 w-full">
          <Link to="/login">Sign in</Link>
        </Button>
      </CenteredPage>
    );
  }

  return (
    <CenteredPage
      title="Choose a new password"
      subtitle="Pick something you don’t use anywhere else."
      footer={backToLogin}
    >
      {!token ? (
        <Alert tone="error" title="Reset token is required">
          Open the link from your reset e-mail, or request a new one from the sign-in page.
        </Alert>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <FormField label="New password" error={errors.password} hint={<PasswordRules password={password} />}>
            <PasswordInput autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirm}>
            <PasswordInput autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </FormField>
          <Button type="submit" size="lg" loading={reset.isPending}>
            Set new password
          </Button>
        </form>
      )}
    </CenteredPage>
  );
}
