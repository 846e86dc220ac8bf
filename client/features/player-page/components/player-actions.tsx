import { Button } from '@client/components/ui/button';
import { useToast } from '@client/components/ui/use-toast';
import { loginPathBackTo } from '@client/lib/next-path';
import { siteBaseUrl } from '@client/lib/seo';
import { useAuth } from '@client/lib/use-auth';
import type { PlayerPage } from '@common/schemas/player-page';
import { Clock, PencilLine, Share2, Star, UserCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';

// The claim dialog (docs/product.md#claim-dialog) belongs to the claims feature; a player's page opens the same dialog, a deliberate import
// across feature folders like Player Registration's (player-search-panel.tsx). Loaded only for a signed-in
// visitor of a claimable player: its form and dialog code (about 20 KB gzip) stay out of a visitor's first load.
const ClaimProfileButton = lazy(() =>
  import('@client/features/claims/components/claim-dialog').then((module) => ({ default: module.ClaimProfileButton })),
);

/** The address of the rate wizard opened at step 2 with this player (the update flow when already rated). */
export const ratePath = (playerId: number) => `/?tab=rate&player=${playerId}`;

/** On the dark hero: white outline buttons that keep their focus ring visible. */
const onDark = 'border-white/40 bg-white/10 text-white hover:bg-white/20 focus-visible:ring-offset-teal-900';

/**
 * What a visitor can do on a player's page: rate them (signed out: sign in first, then on to the wizard with this
 * player), claim the profile when it is nobody's yet (signed out: sign in, and come back here), share the page, or,
 * on their own page, edit it.
 */
export function PlayerActions({ page }: { page: PlayerPage }) {
  const auth = useAuth();
  const [claimSent, setClaimSent] = useState(false);
  const signedIn = auth.isAuthenticated;
  const backHere = loginPathBackTo(page.path);
  const name = `${page.firstName} ${page.lastName}`;

  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2.5 sm:flex-row sm:flex-wrap sm:items-center">
        {page.viewer.isOwner ? (
          <Button asChild variant="accent" size="lg">
            <Link to="/?tab=register">
              <PencilLine aria-hidden className="size-5" />
              Edit your profile
            </Link>
          </Button>
        ) : (
          <Button asChild variant="accent" size="lg">
            <Link to={signedIn ? ratePath(page.id) : loginPathBackTo(ratePath(page.id))}>
              <Star aria-hidden className="size-5 fill-stone-900" />
              {page.viewer.existingRatingId !== null ? 'Update your rating' : 'Rate this player'}
              <span className="sr-only">: {name}</span>
            </Link>
          </Button>
        )}
        <ShareButton page={page} />
      </div>
      {page.isClaimable && !claimSent && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-teal-50">
          <span>Is this you?</span>
          {signedIn ? (
            <Suspense
              fallback={
                <span className="inline-flex h-11 items-center font-semibold text-amber-200">Claim this profile</span>
              }
            >
              <ClaimProfileButton
                player={{
                  id: page.id,
                  firstName: page.firstName,
                  lastName: page.lastName,
                  location: page.place,
                  userId: null,
                }}
                variant="link"
                className="h-11! text-amber-200 hover:text-amber-100 focus-visible:ring-offset-teal-900"
                onClaimed={() => setClaimSent(true)}
              >
                Claim this profile
              </ClaimProfileButton>
            </Suspense>
          ) : (
            <Link
              to={backHere}
              className="inline-flex h-11 items-center gap-1.5 font-semibold text-amber-200 underline-offset-4 hover:text-amber-100 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-amber-200 focus-visible:outline-none"
            >
              <UserCheck aria-hidden className="size-4" />
              Sign in to claim this profile
            </Link>
          )}
        </p>
      )}
      {claimSent && (
        <p role="status" className="flex items-center gap-2 text-sm text-teal-50">
          <Clock aria-hidden className="size-4 text-amber-200" />
          Claim request sent: pending an admin’s review. You can follow it on Player Registration.
        </p>
      )}
    </div>
  );
}

/** Phones share through their own sheet (the Web Share API); elsewhere the page's address is copied. */
function ShareButton({ page }: { page: PlayerPage }) {
  const { toast } = useToast();
  const share = async () => {
    const url = `${siteBaseUrl()}${page.path}`;
    const title = `${page.firstName} ${page.lastName} on Pickleball Ratings`;
    const phone = window.matchMedia('(pointer: coarse)').matches;
    if (phone && typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        toast({
          title: 'Thanks for sharing',
          description: `${page.firstName}’s page is on its way.`,
          variant: 'success',
        });
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (!(error instanceof DOMException && error.name === 'AbortError')) {
          toast({ title: 'Could not share', description: url, variant: 'destructive' });
        }
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: url, variant: 'success' });
    } catch {
      toast({ title: 'Could not copy the link', description: `Copy it from here: ${url}`, variant: 'destructive' });
    }
  };
  return (
    <Button variant="outline" size="lg" className={onDark} onClick={() => void share()}>
      <Share2 aria-hidden className="size-5" />
      Share
      <span className="sr-only"> {page.firstName}’s page</span>
    </Button>
  );
}
