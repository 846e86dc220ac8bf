import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ANONYMITY_CROWD } from '@common/anonymity';
import { EyeOff, Hourglass, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * docs/product.md#anonymity in plain words: what an anonymous rating hides, and the wait it costs. The crowd size
 * comes from common/, so the page says what the release does.
 */
export function AnonymousRatings() {
  const others = ANONYMITY_CROWD - 1;
  return (
    <Card aria-labelledby="anonymous-ratings" role="region">
      <CardHeader>
        <CardTitle id="anonymous-ratings" icon={EyeOff}>
          Anonymous ratings
        </CardTitle>
        <CardDescription>
          A new rating is anonymous unless you switch it off, so you can be honest about a club-mate’s game.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2 md:gap-8">
        <Column icon={ShieldCheck} title="What it protects" tone="text-teal-700 bg-teal-50">
          <li>The player you rated cannot tell it was you: your name is never shown with it.</li>
          <li>
            No exact time and no order either: anonymous ratings are released together once a week, on Monday, each
            dated to its week. Only then do they count toward the player’s numbers and the leaderboard, always together
            with at least {others} other raters’ anonymous ratings.
          </li>
          <li>The same holds for an edit of an anonymous rating, and for the helpfulness votes it gets.</li>
        </Column>
        <Column icon={Hourglass} title="What it costs" tone="text-amber-800 bg-amber-50">
          <li>
            The wait. Until the release only you see your rating (in My Ratings, marked “Counts from Monday”), and your
            points for it arrive then.
          </li>
          <li>
            Up to a week, and longer on a quiet week: when fewer than {ANONYMITY_CROWD} people rated anonymously, their
            ratings wait for the next release.
          </li>
          <li>Admins can still see who wrote a rating, to deal with abuse.</li>
        </Column>
      </CardContent>
    </Card>
  );
}

function Column({
  icon: Icon,
  title,
  tone,
  children,
}: {
  icon: LucideIcon;
  title: string;
  tone: string;
  children: ReactNode;
}) {
  return (
    <section className="grid content-start gap-3">
      <h3 className="flex items-center gap-2 text-base font-bold text-stone-900">
        <span aria-hidden className={`grid size-8 shrink-0 place-items-center rounded-full ${tone}`}>
          <Icon className="size-4" />
        </span>
        {title}
      </h3>
      <ul className="grid list-disc gap-2 pl-5 text-sm leading-relaxed text-stone-600 marker:text-stone-400">
        {children}
      </ul>
    </section>
  );
}
