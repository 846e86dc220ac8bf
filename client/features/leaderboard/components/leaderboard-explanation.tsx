import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { CalendarRange, HeartHandshake, Lightbulb, ListOrdered, type LucideIcon } from 'lucide-react';

const EXPLANATIONS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: ListOrdered,
    title: 'Ranking criteria',
    body: 'Raters are ranked by the number of ratings they submitted in the period. When two raters have the same count, the one whose ratings were found more helpful ranks higher.',
  },
  {
    icon: HeartHandshake,
    title: 'Helpfulness',
    body: 'Rated players can mark each rating they receive as helpful on a 1-5 star scale. The average is shown once a rater has at least one review.',
  },
  {
    icon: CalendarRange,
    title: 'Periods',
    body: 'All Time counts every rating; This Year counts the current calendar year; This Month the last 30 days; This Week the last 7 days.',
  },
  {
    icon: Lightbulb,
    title: 'How to climb',
    body: 'Rate the players you actually play with, and write specific, kind feedback on strengths and what to improve — detailed ratings earn bonus points and better helpfulness scores.',
  },
];

/** Below the board: how raters are ranked, what helpfulness is, the periods and how to climb. */
export function LeaderboardExplanation() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How the leaderboard works</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        {EXPLANATIONS.map(({ icon: Icon, title, body }) => (
          <section key={title} className="flex gap-3">
            <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-lg bg-teal-50 text-teal-700">
              <Icon className="size-4.5" />
            </span>
            <div>
              <h3 className="text-sm font-bold text-stone-900">{title}</h3>
              <p className="mt-0.5 text-sm leading-relaxed text-stone-600">{body}</p>
            </div>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
