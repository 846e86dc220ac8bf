import { GoogleSignInButton } from '@client/components/google-sign-in-button';
import { Button } from '@client/components/ui/button';
import { StarDisplay } from '@client/components/ui/star-display';
import { cn } from '@client/lib/cn';
import { plural } from '@client/lib/plural';
import { useAppConfig } from '@client/lib/use-auth';
import { usePageMeta } from '@client/lib/use-page-meta';
import { RATING_CATEGORIES } from '@common/constants';
import { playerPath, publicPlace } from '@common/player-path';
import type { DemoSamplePlayer } from '@common/schemas/demo-world';
import { PAGE_META } from '@common/seo';
import { ArrowRight, Mail, Search, ShieldCheck, TrendingUp, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { AccountDeletedNotice } from '@client/features/account/components/account-deleted-notice';
import { LandingPlayerSearch } from './landing-player-search';
import { SignedOutDeepLink } from './signed-out-deep-link';

/** docs/product.md#landing-page: the three features the landing page lists. */
const FEATURES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: ShieldCheck,
    title: 'Rate players',
    body: 'Score the people you play with on technical skills, sportsmanship and reliability — honestly, and anonymously if you prefer.',
  },
  {
    icon: Search,
    title: 'Find players',
    body: 'Look up players near you by name or location, see how the community rates them, and find your next well-matched game.',
  },
  {
    icon: TrendingUp,
    title: 'Track progress',
    body: 'Watch your ratings grow category by category, earn points and badges for helpful feedback, and climb the leaderboard.',
  },
];

/**
 * Signed-out home (docs/product.md#pages). Without Google sign-in configured the main button is the e-mail sign-up: a
 * "Continue with Google" that can only fail would be the first thing a new visitor tries.
 */
export function LandingPage({ googleEnabled }: { googleEnabled: boolean }) {
  usePageMeta(PAGE_META['/']);
  return (
    <>
      <SignedOutDeepLink />
      <AccountDeletedNotice />
      <section className="relative overflow-hidden bg-gradient-to-br from-teal-950 via-teal-800 to-teal-700 text-white">
        <CourtLines />
        <div className="relative mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-amber-200 uppercase ring-1 ring-white/20">
              Community-powered ratings
            </p>
            <h1 className="mt-5 text-4xl leading-[1.05] font-black tracking-tight sm:text-5xl lg:text-6xl">
              Know your game.
              <br />
              <span className="text-amber-300">Rate the community.</span>
            </h1>
            <p className="mt-5 max-w-xl text-base leading-relaxed text-teal-50/90 sm:text-lg">
              Pickleball Ratings turns the feedback of the people you actually play with into a clear picture of your
              game — across serves, dinks, movement and more.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-start">
              {googleEnabled ? (
                <GoogleSignInButton kind="login" variant="accent" className="w-full sm:w-auto" />
              ) : (
                <Button asChild variant="accent" size="lg" className="w-full sm:w-auto">
                  <Link to="/register">
                    <Mail aria-hidden className="size-5" />
                    Sign up with e-mail
                  </Link>
                </Button>
              )}
              <Button
                asChild
                variant="outline"
                size="lg"
                className="w-full border-white/40 bg-white/5 text-white hover:bg-white/15 focus-visible:ring-offset-teal-900 sm:w-auto"
              >
                <Link to="/register">
                  Learn More
                  <span className="sr-only"> about Pickleball Ratings</span>
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
              </Button>
            </div>
          </div>
          <SamplePlayerCard />
        </div>
      </section>

      <LandingPlayerSearch />

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <div className="max-w-2xl">
          <h2 id="features-heading" className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">
            Everything your local pickleball scene needs
          </h2>
          <p className="mt-3 text-stone-600">Built for weekend dinkers, league regulars and club organisers alike.</p>
        </div>
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="group rounded-2xl border border-stone-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-teal-50 text-teal-700 ring-1 ring-teal-100 transition-colors group-hover:bg-teal-700 group-hover:text-white">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold text-stone-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-600">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="categories-heading" className="border-y border-stone-200 bg-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_1.4fr] lg:items-center">
          <div>
            <h2 id="categories-heading" className="text-2xl font-extrabold tracking-tight text-stone-900">
              Five skills. One overall “would play again”.
            </h2>
            <p className="mt-3 text-stone-600">
              Every rating covers the whole game on a 1–5 star scale, so feedback is specific enough to act on.
            </p>
          </div>
          <ol className="grid gap-3 sm:grid-cols-2">
            {RATING_CATEGORIES.map((category, index) => (
              <li
                key={category.key}
                className="flex items-center gap-3 rounded-xl bg-stone-50 px-4 py-3 ring-1 ring-stone-200"
              >
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-amber-300 text-sm font-black text-stone-900">
                  {index + 1}
                </span>
                <span className="text-sm font-semibold text-stone-800">{category.label}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="flex flex-col items-start gap-5 rounded-3xl bg-amber-50 p-8 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div>
            <h2 className="text-xl font-extrabold text-stone-900 sm:text-2xl">Ready to see how you really play?</h2>
            <p className="mt-2 text-stone-700">
              Create your account, claim your player profile and rate your first match.
            </p>
          </div>
          <Button asChild size="lg">
            <Link to="/register">Create your account</Link>
          </Button>
        </div>
      </section>
    </>
  );
}

/** What the sample card shows: the demo world's player while there is one, else a made-up example. */
type SampleCard = {
  name: string;
  initials: string;
  place: string;
  skillLevel: string;
  isVerified: boolean;
  scores: readonly number[];
  /** "Average of 28 ratings" for a real player. */
  basis?: string;
  comment: string | null;
};

const EXAMPLE_CARD: SampleCard = {
  name: 'Jordan Rivera',
  initials: 'JR',
  place: 'Austin, TX',
  skillLevel: '3.5',
  isVerified: true,
  scores: [4.5, 4, 3.5, 4, 5],
  comment: 'Great hands at the kitchen line and always a good sport. Would play again!',
};

function demoCard(sample: DemoSamplePlayer): SampleCard {
  return {
    name: `${sample.firstName} ${sample.lastName}`,
    initials: `${sample.firstName.charAt(0)}${sample.lastName.charAt(0)}`.toUpperCase(),
    place: publicPlace(sample.location),
    skillLevel: sample.skillLevel,
    isVerified: sample.isVerified,
    scores: sample.categoryAverages,
    basis: `Average of ${plural(sample.ratingCount, 'rating')}`,
    comment: sample.comment,
  };
}

/**
 * The hero's player card. While the development demo world is there it is one of its players, drawn from the config
 * the page starts with (no lookup of its own, decision 010) and a link to that player's page; otherwise it is a
 * made-up player and says it is an example.
 */
function SamplePlayerCard() {
  const sample = useAppConfig().data?.demoWorld?.sample;
  const card = sample ? demoCard(sample) : EXAMPLE_CARD;
  const body = (
    <>
      <p
        className={cn(
          'mb-4 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase ring-1',
          sample ? 'bg-amber-100 text-amber-900 ring-amber-300' : 'bg-stone-100 text-stone-600 ring-stone-300',
        )}
      >
        {sample ? 'Demo player · made up' : 'Example'}
      </p>
      <div className="flex items-center gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-teal-700 text-lg font-bold text-white">
          {card.initials}
        </span>
        <div className="min-w-0">
          <p className="font-bold">
            {sample ? (
              // The whole card opens the page (the link's box covers it); the name is the link's text.
              <Link
                to={playerPath(sample)}
                className="after:absolute after:inset-0 after:rounded-3xl focus-visible:outline-none"
              >
                {card.name}
              </Link>
            ) : (
              card.name
            )}
          </p>
          <p className="text-sm text-stone-500">
            {card.place} · {card.skillLevel}
          </p>
        </div>
        {card.isVerified && (
          <span className="ml-auto rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
            Verified
          </span>
        )}
      </div>
      {/* One column no wider than the card: on a phone a long category wraps beside its stars. */}
      <ul className="mt-5 grid grid-cols-1 gap-2.5">
        {RATING_CATEGORIES.map((category, index) => (
          <li key={category.key} className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 text-stone-600">{category.label}</span>
            <StarDisplay value={card.scores[index] ?? 0} className="shrink-0" />
          </li>
        ))}
      </ul>
      {card.basis && <p className="mt-3 text-xs text-stone-500">{card.basis}</p>}
      {card.comment && (
        <div className="mt-5 rounded-xl bg-stone-50 p-3 text-sm text-stone-700 ring-1 ring-stone-200">
          “{card.comment}”
        </div>
      )}
    </>
  );
  return (
    <div aria-hidden={sample ? undefined : true} className="relative mx-auto w-full max-w-sm lg:max-w-none">
      <div className="absolute -inset-4 rotate-3 rounded-3xl bg-amber-300/20" />
      <div
        className={cn(
          'relative rounded-3xl bg-white p-6 text-stone-900 shadow-2xl shadow-teal-950/40',
          sample &&
            'transition-shadow has-[a:focus-visible]:ring-4 has-[a:focus-visible]:ring-amber-300 has-[a:hover]:ring-4 has-[a:hover]:ring-amber-300',
        )}
      >
        {body}
      </div>
    </div>
  );
}

/** A faint court drawn in lines behind the hero. */
function CourtLines() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 opacity-[0.12]">
      <div className="absolute inset-y-8 left-1/2 w-[56rem] -translate-x-1/2 rounded-sm border-2 border-white">
        <div className="absolute inset-y-0 left-1/2 border-l-2 border-white" />
        <div className="absolute inset-y-0 left-[35%] border-l-2 border-white" />
        <div className="absolute inset-y-0 right-[35%] border-l-2 border-white" />
        <div className="absolute top-1/2 left-0 w-[35%] border-t-2 border-white" />
        <div className="absolute top-1/2 right-0 w-[35%] border-t-2 border-white" />
      </div>
    </div>
  );
}
