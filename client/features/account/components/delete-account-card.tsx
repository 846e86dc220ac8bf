import { ErasureConsequences } from '@client/components/erasure-consequences';
import { GoogleSignInButton } from '@client/components/google-sign-in-button';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { clearAdminSession } from '@client/lib/admin-session';
import { hasErrorCode, serverMessage } from '@client/lib/api-client';
import { validate } from '@client/lib/form-errors';
import { ERASE_CONFIRMATION, RECENT_SIGN_IN_MINUTES, deleteAccountBodySchema } from '@common/schemas/account';
import type { CurrentUser } from '@common/schemas/auth';
import { Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useDeleteAccount } from '../api/delete-account';
import { ACCOUNT_DELETED_PARAM } from './account-deleted-notice';

/**
 * "Delete my account" (docs/product.md#your-data): what it erases in plain words, then the typed confirmation and the
 * proof of ownership: the password of a password account; for one without (Google), a sign-in within the last
 * minutes, with the way to sign in again when it is older. Done, the browser leaves for the landing page signed out.
 */
export function DeleteAccountCard({ user, hasPlayer }: { user: CurrentUser; hasPlayer: boolean }) {
  const remove = useDeleteAccount();
  const needsPassword = user.authProvider === 'password';
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [deletePlayerProfile, setDeletePlayerProfile] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const playerBoxId = useId();
  const signInAgain = hasErrorCode(remove.error, 'recent_sign_in_required');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: invalid } = validate(deleteAccountBodySchema, {
      confirm: confirm.trim(),
      ...(needsPassword ? { password } : {}),
      deletePlayerProfile,
    });
    const next = { ...(invalid ?? {}) };
    if (needsPassword && !password) next.password = 'Enter your password';
    setErrors(next);
    if (!data || next.password) return;
    remove.mutate(data, {
      onSuccess: () => {
        clearAdminSession();
        // A full load: every query and the session hint start again, signed out.
        window.location.assign(`/?${ACCOUNT_DELETED_PARAM}=1`);
      },
      onError: (error) => {
        if (hasErrorCode(error, 'password_incorrect')) setErrors({ password: serverMessage(error) });
      },
    });
  };

  const failure =
    remove.isError && !signInAgain && !hasErrorCode(remove.error, 'password_incorrect')
      ? serverMessage(remove.error, 'Please try again.')
      : null;

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle icon={Trash2} iconClassName="text-red-700">
          Delete my account
        </CardTitle>
        <CardDescription>What deleting your account does:</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ErasureConsequences who="you" player={hasPlayer} />
        <form noValidate onSubmit={submit} aria-label="Delete my account" className="grid gap-4">
          {hasPlayer && (
            <div className="flex items-start gap-3 rounded-xl border border-stone-200 bg-stone-50 px-4 py-3">
              <input
                id={playerBoxId}
                type="checkbox"
                checked={deletePlayerProfile}
                onChange={(event) => setDeletePlayerProfile(event.target.checked)}
                className="mt-0.5 size-5 shrink-0 cursor-pointer accent-red-700"
              />
              <label htmlFor={playerBoxId} className="grid cursor-pointer gap-0.5 text-sm">
                <span className="font-semibold text-stone-900">Also delete my player profile</span>
                <span className="text-stone-600">
                  Your player page and every rating others gave you are deleted too, instead of staying unlinked.
                </span>
              </label>
            </div>
          )}
          {needsPassword ? (
            <FormField label="Your password" error={errors.password}>
              <PasswordInput
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
          ) : (
            <p className="text-sm text-stone-600">
              For your safety, deleting an account needs a sign-in within the last {RECENT_SIGN_IN_MINUTES} minutes.
            </p>
          )}
          <FormField
            label={`Type ${ERASE_CONFIRMATION} to confirm`}
            hint="This cannot be undone."
            error={errors.confirm}
          >
            <Input autoComplete="off" spellCheck={false} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </FormField>
          {signInAgain && (
            <Alert
              tone="warning"
              title="Sign in again to delete your account"
              action={
                user.authProvider === 'google' ? (
                  <GoogleSignInButton kind="login" size="md" returnTo="/account" />
                ) : undefined
              }
            >
              Your last sign-in was more than {RECENT_SIGN_IN_MINUTES} minutes ago. Sign in again, then come back here.
            </Alert>
          )}
          {failure && (
            <Alert tone="error" title="Could not delete your account">
              {failure}
            </Alert>
          )}
          <div>
            <Button type="submit" variant="destructive" loading={remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
