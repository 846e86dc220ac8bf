import { Button } from '@client/components/ui/button';
import { loginPathBackTo } from '@client/lib/next-path';
import { Link, useLocation } from 'react-router';

/** Sign In from a screen whose session ended: back to this same screen afterwards. */
export function SignInAgainButton() {
  const location = useLocation();
  return (
    <Button asChild>
      {/* A full load: the cached session this page still holds would send /login straight back home. */}
      <Link to={loginPathBackTo(`${location.pathname}${location.search}`)} reloadDocument>
        Sign In
      </Link>
    </Button>
  );
}
