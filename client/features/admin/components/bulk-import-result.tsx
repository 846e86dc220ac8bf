import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import type { BulkImportReply } from '@common/schemas/admin';
import { CircleAlert, CircleCheck, CircleMinus, type LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { withInputLine } from '../prepare-players';

const tones = {
  created: { tile: 'bg-emerald-50 text-emerald-900 ring-emerald-200', icon: 'text-emerald-700' },
  skipped: { tile: 'bg-amber-50 text-amber-950 ring-amber-200', icon: 'text-amber-700' },
  errors: { tile: 'bg-red-50 text-red-900 ring-red-200', icon: 'text-red-700' },
} as const;

type Tone = keyof typeof tones;

/** The bulk import result (docs/product.md#admin-screens): created [{name, email}], skipped [{name, reason}], errors [{error}] and the message. */
export function BulkImportResult({
  result,
  lines,
  ref,
}: {
  result: BulkImportReply;
  /** The input line of each player sent, to name lines in the errors. */
  lines: number[];
  ref?: Ref<HTMLHeadingElement>;
}) {
  const { created, skipped, errors } = result.results;
  return (
    <Card>
      <CardHeader>
        <h2 ref={ref} tabIndex={-1} className="text-lg font-bold tracking-tight text-stone-900 outline-none">
          Import result
        </h2>
        <CardDescription>{result.message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <Tile tone="created" icon={CircleCheck} label="Created" value={created.length} />
          <Tile tone="skipped" icon={CircleMinus} label="Skipped" value={skipped.length} />
          <Tile tone="errors" icon={CircleAlert} label="Errors" value={errors.length} />
        </dl>

        {created.length > 0 && (
          <ResultList title="Created" tone="created" count={created.length}>
            {created.map((item, index) => (
              <li key={index} className="grid gap-0.5 px-3 py-2 sm:grid-cols-2 sm:gap-3">
                <span className="truncate font-semibold text-stone-900">{item.name}</span>
                <span className="truncate text-stone-700">{item.email}</span>
              </li>
            ))}
          </ResultList>
        )}
        {skipped.length > 0 && (
          <ResultList title="Skipped" tone="skipped" count={skipped.length}>
            {skipped.map((item, index) => (
              <li key={index} className="grid gap-0.5 px-3 py-2 sm:grid-cols-2 sm:gap-3">
                <span className="truncate font-semibold text-stone-900">{item.name}</span>
                <span className="text-stone-700">
                  {item.reason}
                  <span className="block truncate text-xs text-stone-500">{item.email}</span>
                </span>
              </li>
            ))}
          </ResultList>
        )}
        {errors.length > 0 && (
          <ResultList title="Errors" tone="errors" count={errors.length}>
            {errors.map((item, index) => (
              <li key={index} className="px-3 py-2 text-red-900">
                {withInputLine(item.error, lines)}
              </li>
            ))}
          </ResultList>
        )}
      </CardContent>
    </Card>
  );
}

function Tile({ tone, icon: Icon, label, value }: { tone: Tone; icon: LucideIcon; label: string; value: number }) {
  return (
    <div className={cn('grid gap-0.5 rounded-xl px-3 py-2.5 ring-1 ring-inset sm:px-4 sm:py-3', tones[tone].tile)}>
      <dt className="flex items-center gap-1.5 text-xs font-semibold sm:text-sm">
        <Icon aria-hidden className={cn('size-4 shrink-0', tones[tone].icon)} />
        {label}
      </dt>
      <dd className="text-2xl font-extrabold tabular-nums">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}

/** A titled list that scrolls when long; the scroll box is focusable so keyboard users can scroll it. */
function ResultList({
  title,
  tone,
  count,
  children,
}: {
  title: string;
  tone: Tone;
  count: number;
  children: ReactNode;
}) {
  const id = `bulk-result-${tone}`;
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-bold text-stone-900">
        {title} <span className="font-medium text-stone-500">({count.toLocaleString('en-US')})</span>
      </h3>
      <ul
        tabIndex={count > 6 ? 0 : undefined}
        aria-labelledby={id}
        className="max-h-64 divide-y divide-stone-100 overflow-y-auto rounded-lg border border-stone-200 text-sm outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
      >
        {children}
      </ul>
    </section>
  );
}
