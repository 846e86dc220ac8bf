import { Alert } from '@client/components/ui/alert';
import { useSearchParams } from 'react-router';

/** Where a deleted account's browser lands: `/?accountDeleted=1`. */
export const ACCOUNT_DELETED_PARAM = 'accountDeleted';

/** On the landing page after an account's deletion (docs/product.md#your-data): what happened, and what did not. */
export function AccountDeletedNotice() {
  const [params] = useSearchParams();
  if (params.get(ACCOUNT_DELETED_PARAM) !== '1') return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-5 sm:px-6">
      <Alert tone="success" title="Your account has been deleted">
        You are signed out. Your account and the ratings you wrote are erased, and a confirmation is on its way to your
        e-mail address. You can sign up again at any time, as a new account.
      </Alert>
    </div>
  );
}
