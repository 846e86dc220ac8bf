import { LoadingScreen } from '@client/components/loading-screen';
import { SignInAgainButton } from '@client/components/sign-in-again-button';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { useAuth } from '@client/lib/use-auth';
import { usePageMeta } from '@client/lib/use-page-meta';
import { PAGE_META } from '@common/seo';
import { LogIn, UserRound } from 'lucide-react';
import { DeleteAccountCard } from './delete-account-card';
import { DownloadDataCard } from './download-data-card';
import { EmailNotificationsCard } from './email-notifications-card';

const SIGN_IN_METHODS = { google: 'Google', password: 'E-mail and password', developer: 'Developer' } as const;

/** /account (docs/product.md#your-data): the signed-in person's data, to download, and their account, to delete. */
export default function AccountPage() {
  usePageMeta(PAGE_META['/account']);
  const { isLoading, user, linkedPlayer, linkedPlayerLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5 px-3 py-6 sm:px-6 sm:py-10">
      <header className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-teal-50 text-teal-700">
          <UserRound aria-hidden className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-stone-900">Your account</h1>
          {user && (
            <p className="text-sm wrap-anywhere text-stone-600">
              {user.email} · signed in with {SIGN_IN_METHODS[user.authProvider]}
            </p>
          )}
        </div>
      </header>
      {user ? (
        <>
          <EmailNotificationsCard />
          <DownloadDataCard />
          {linkedPlayerLoading ? <LoadingBlock /> : <DeleteAccountCard user={user} hasPlayer={linkedPlayer !== null} />}
        </>
      ) : (
        <EmptyState
          icon={LogIn}
          title="Sign In Required"
          description="Sign in with your account to download your data or delete your account."
          action={<SignInAgainButton />}
        />
      )}
    </div>
  );
}
