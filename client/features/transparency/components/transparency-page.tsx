import { isLoaded, QueryStatus } from '@client/components/query-status';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { usePageMeta } from '@client/lib/use-page-meta';
import type { DecisionOutcome, DecisionSource } from '@common/community';
import { REMOVAL_RULE_LABELS, type RemovalRule } from '@common/removal-rules';
import type { TransparencyMonth } from '@common/schemas/transparency';
import type { TrustFlagType } from '@common/schemas/trust';
import { PAGE_META } from '@common/seo';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { transparencyQuery } from '../api/get-transparency';

const OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  keep: 'Kept',
  'hide-comment': 'Comment hidden',
  remove: 'Removed',
  confirm: 'Flag confirmed',
  dismiss: 'Flag dismissed',
};
const SOURCE_LABELS: Record<DecisionSource, string> = {
  report: 'A member’s report',
  moderator: 'A moderator',
  'automatic-hold': 'Automatic hold',
  collusion: 'Collusion check',
  burst: 'Burst of new accounts',
};
const RULE_LABELS: Record<RemovalRule | 'none', string> = { ...REMOVAL_RULE_LABELS, none: 'No rule' };
const FLAG_LABELS: Record<TrustFlagType, string> = {
  ring: 'Collusion rings',
  boost: 'Boosting',
  burst: 'Bursts of new accounts',
};

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const number = new Intl.NumberFormat('en-US');
const plural = (count: number, noun: string) => `${number.format(count)} ${noun}${count === 1 ? '' : 's'}`;

/** docs/product.md#transparency, /transparency: what moderation did each month, for anyone to read. */
export default function TransparencyPage() {
  usePageMeta(PAGE_META['/transparency']);
  const report = useQuery(transparencyQuery());
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="grid gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-black tracking-tight text-stone-900">
          <Scale aria-hidden className="size-7 text-teal-700" />
          Transparency report
        </h1>
        <p className="max-w-2xl text-sm leading-relaxed text-stone-600">
          What our moderators and automatic checks did each calendar month (UTC), newest first: the reports members
          sent, the decisions and the rules they applied, appeals, automatic holds, Trust &amp; Safety flags, removed
          ratings and erased accounts.
        </p>
      </header>
      {isLoaded(report) ? (
        report.data.months.map((month) => <MonthCard key={month.month} month={month} />)
      ) : (
        <QueryStatus
          query={report}
          loading="Loading the transparency report..."
          failed="The report could not be loaded"
        />
      )}
    </div>
  );
}

function MonthCard({ month }: { month: TransparencyMonth }) {
  const headingId = `month-${month.month}`;
  const median = month.decisions.medianHoursFromReport;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-2">
        <CardTitle id={headingId} icon={CalendarDays}>
          {monthName(month.month)}
        </CardTitle>
        <CardDescription>
          {plural(month.reports.received, 'report')} received · {plural(month.decisions.total, 'decision')}
        </CardDescription>
      </CardHeader>
      <div className="grid gap-x-8 gap-y-5 px-5 pt-2 pb-6 sm:grid-cols-2 sm:px-6">
        <Figures
          title="Reports received, by reason"
          rows={month.reports.byReason.map((entry) => [RULE_LABELS[entry.key], entry.count])}
        />
        <Figures
          title="Decisions, by outcome"
          rows={month.decisions.byOutcome.map((entry) => [OUTCOME_LABELS[entry.key], entry.count])}
        />
        <Figures
          title="Decisions, by rule applied"
          rows={month.decisions.byRule.map((entry) => [RULE_LABELS[entry.key], entry.count])}
        />
        <Figures
          title="Decisions, by what started them"
          rows={month.decisions.bySource.map((entry) => [SOURCE_LABELS[entry.key], entry.count])}
        />
        <Figures
          title="Appeals"
          rows={[
            ['Received', month.appeals.received],
            ['Decided', month.appeals.decided],
            ['Decisions reversed', month.appeals.reversed],
          ]}
        />
        <Figures
          title="Trust & Safety flags, confirmed / dismissed"
          rows={month.flags.map((entry) => [
            FLAG_LABELS[entry.type],
            `${number.format(entry.confirmed)} / ${number.format(entry.dismissed)}`,
          ])}
        />
        <Figures
          title="Other figures"
          rows={[
            [
              'Median time from report to decision',
              median === null ? '–' : `${median.toLocaleString('en-US')} hour${median === 1 ? '' : 's'}`,
            ],
            ['Comments held automatically', month.automaticHolds],
            ['Ratings removed', month.ratingsRemoved],
            ['Accounts erased', month.accountsErased],
          ]}
        />
      </div>
    </Card>
  );
}

function Figures({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="grid content-start gap-1.5">
      <h3 className="text-sm font-bold text-stone-900">{title}</h3>
      <dl className="grid gap-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 border-b border-stone-100 pb-1">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-semibold text-stone-900 tabular-nums">
              {typeof value === 'number' ? number.format(value) : value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
