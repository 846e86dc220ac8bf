import { SkillEstimate } from '@client/components/skill-estimate';
import { Button } from '@client/components/ui/button';
import { hasErrorCode, serverMessage } from '@client/lib/api-client';
import { loginPathBackTo } from '@client/lib/next-path';
import { parsePlayerId, playerPageQuery } from '@client/lib/player-page-query';
import { applyPageMeta, siteBaseUrl } from '@client/lib/seo';
import { useAuth } from '@client/lib/use-auth';
import { playerPageMeta } from '@common/player-page-meta';
import type { PlayerPage as PlayerPageData } from '@common/schemas/player-page';
import { SITE_NAME } from '@common/seo';
import { useQuery } from '@tanstack/react-query';
import { Lock, WifiOff } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EstimateHistory } from './estimate-history';
import { PlayerComments } from './player-comments';
import { PlayerHero } from './player-hero';
import { layoutClasses, PlayerPageSkeleton } from './player-page-skeleton';
import { StarDistribution } from './star-distribution';
import { StarLegend } from './star-legend';

/**
 * A player's public page, /players/:id/:slug: who they are, how the community rates them (estimates with their
 * ranges, the stars given, the trend by quarter, the latest comments) and what a visitor can do there.
 * `notFound` is the app's 404 screen, handed in by the router.
 */
export default function PlayerPage({ notFound }: { notFound: ReactNode }) {
  const params = useParams();
  const id = parsePlayerId(params.id);
  if (id === null) return notFound;
  return <PlayerPageFor key={id} id={id} notFound={notFound} />;
}

function PlayerPageFor({ id, notFound }: { id: number; notFound: ReactNode }) {
  const auth = useAuth();
  const query = useQuery(playerPageQuery(id));
  const page = query.data;
  const membersOnly = hasErrorCode(query.error, 'members_only');
  useFreshForViewer(query, auth, membersOnly);
  useCanonicalPath(page);
  usePlayerPageMeta(page, membersOnly);

  if (query.isPending) return <PlayerPageSkeleton />;
  if (hasErrorCode(query.error, 'player_not_found')) return notFound;
  if (membersOnly) return <MembersOnly signedIn={auth.isAuthenticated} />;
  if (!page) return <LoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;

  return (
    <article className="flex flex-1 flex-col">
      <PlayerHero page={page} />
      <div className={layoutClasses}>
        {/* On phones both columns flow as one, in the order below; side by side from lg. */}
        <div className="contents lg:grid lg:content-start lg:gap-6">
          <div className="order-1 lg:order-none">
            <SkillEstimate skill={page.skill} player={page} />
          </div>
          <div className="order-4 lg:order-none">
            <PlayerComments playerId={page.id} firstName={page.firstName} />
          </div>
        </div>
        <div className="contents lg:grid lg:content-start lg:gap-6">
          <div className="order-2 lg:order-none">
            <StarDistribution distribution={page.overallDistribution} />
          </div>
          <div className="order-3 lg:order-none">
            <EstimateHistory history={page.history} firstName={page.firstName} />
          </div>
        </div>
        {/* Under both columns: opened, the scale needs the width. */}
        <div className="order-5 lg:order-none lg:col-span-2">
          <StarLegend />
        </div>
      </div>
    </article>
  );
}

/**
 * The page says what the viewer may do (rate, update, claim), so an answer given to someone else (before signing
 * in, here or in another tab) is asked again once. Only once per viewer: a disagreeing server cannot loop it.
 */
function useFreshForViewer(
  query: { data?: PlayerPageData; refetch: () => Promise<unknown> },
  auth: { isLoading: boolean; isAuthenticated: boolean },
  membersOnly: boolean,
) {
  const asked = useRef<boolean | null>(null);
  const seenSignedIn = query.data?.viewer.signedIn ?? (membersOnly ? false : null);
  const { refetch } = query;
  useEffect(() => {
    if (auth.isLoading || seenSignedIn === null || seenSignedIn === auth.isAuthenticated) return;
    if (asked.current === auth.isAuthenticated) return;
    asked.current = auth.isAuthenticated;
    void refetch();
  }, [auth.isLoading, auth.isAuthenticated, seenSignedIn, refetch]);
}

/** An old or missing slug in the address becomes the player's own (the server redirects a fresh load itself). */
function useCanonicalPath(page: PlayerPageData | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (page && location.pathname !== page.path) {
      void navigate({ pathname: page.path, search: location.search, hash: location.hash }, { replace: true });
    }
  }, [page, location.pathname, location.search, location.hash, navigate]);
}

/** The same head tags the server sends for this page; a members-only page the visitor cannot see is not indexed. */
function usePlayerPageMeta(page: PlayerPageData | undefined, membersOnly: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (page) applyPageMeta(playerPageMeta(page, siteBaseUrl()));
    else if (membersOnly) {
      applyPageMeta({
        title: `Members only · ${SITE_NAME}`,
        description: 'Sign in to see this player’s ratings on Pickleball Ratings.',
        path: pathname,
        noindex: true,
      });
    }
  }, [page, membersOnly, pathname]);
}

/**
 * A linked player who chose to show their page to members only, seen by a visitor who is not signed in, or by an
 * account whose e-mail is not confirmed yet (docs/product.md#visibility).
 */
function MembersOnly({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center px-4 py-16 text-center sm:py-20">
      <span aria-hidden className="grid size-16 place-items-center rounded-2xl bg-teal-50 text-teal-700">
        <Lock className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-stone-900 sm:text-3xl">This player’s page is for members</h1>
      {signedIn ? (
        <p className="mt-3 text-stone-600">
          They share their ratings with members of {SITE_NAME} who confirmed their e-mail address. Open the link we sent
          you to see them; your workspace can send it again.
        </p>
      ) : (
        <p className="mt-3 text-stone-600">
          They share their ratings with signed-in members of {SITE_NAME}. Sign in, or create a free account, to see
          them.
        </p>
      )}
      <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
        {signedIn ? <Link to="/">Go to your workspace</Link> : <Link to={loginPathBackTo(pathname)}>Sign in</Link>}
      </Button>
    </section>
  );
}

function LoadFailed({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center px-4 py-16 text-center sm:py-20"
    >
      <span aria-hidden className="grid size-16 place-items-center rounded-2xl bg-stone-100 text-stone-600">
        <WifiOff className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-stone-900">This page could not be loaded</h1>
      <p className="mt-3 text-stone-600">{serverMessage(error, 'Check your connection and try again.')}</p>
      <Button size="lg" className="mt-8 w-full sm:w-auto" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}
