import { Alert } from '@client/components/ui/alert';
import { Link } from 'react-router';

/**
 * Why the verify screen refuses a signed-in account whose own e-mail is unproven (decision 006): a verified profile
 * is linked to the account, and linking waits for the confirmation like every other write. The refusal is about
 * the account's address, not the profile's e-mail typed below, so it is said here rather than on that field.
 */
export function UnconfirmedEmailNotice({ accountEmail }: { accountEmail: string | null }) {
  return (
    <Alert tone="warning" title="Please confirm your e-mail address first" className="mb-5">
      <p>
        A profile you verify is linked to your account, so confirm your own address first
        {accountEmail ? (
          <>
            {' '}
            (<span className="font-semibold [overflow-wrap:anywhere]">{accountEmail}</span>)
          </>
        ) : null}
        : open the link we mailed you, or{' '}
        <Link to="/" className="font-semibold underline underline-offset-2">
          resend it from your workspace
        </Link>
        .
      </p>
    </Alert>
  );
}
