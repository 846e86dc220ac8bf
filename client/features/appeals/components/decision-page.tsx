import { LoadingScreen } from '@client/components/loading-screen';
import { isLoaded, QueryStatus } from '@client/components/query-status';
import { SignInAgainButton } from '@client/components/sign-in-again-button';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { hasErrorCode } from '@client/lib/api-client';
import { useAuth } from '@client/lib/use-auth';
import { usePageMeta } from '@client/lib/use-page-meta';
import type { DecisionView } from '@common/schemas/appeals';
import { SITE_NAME } from '@common/seo';
import { useQuery } from '@tanstack/react-query';
import { FileQuestion, Gavel, LogIn } from 'lucide-react';
import { useParams } from 'react-router';
import { decisionQuery } from '../api/get-decision';
import { formatDate, formatDateTime, OUTCOME_WORDS, ROLE_WORDS, SOURCE_WORDS } from '../decision-display';
import { AppealSection } from './appeal-section';

const META = {
  title: `Decision on a rating – ${SITE_NAME}`,
  description: 'Why a moderator decided what they did about a rating, and how to appeal.',
  path: '/decisions',
  noindex: true,
};

/** /decisions/:id (docs/product.md#appeals): the statement of reasons, and the appeal when the reader may make one. */
export default function DecisionPage() {
  usePageMeta(META);
  const { isLoading, user } = useAuth();
  const id = Number(useParams().id);
  if (isLoading) return <LoadingScreen />;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5 px-3 py-6 sm:px-6 sm:py-10">
      <header className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-teal-50 text-teal-700">
          <Gavel aria-hidden className="size-6" />
        </span>
        <h1 className="text-2xl font-extrabold tracking-tight text-stone-900">Decision on a rating</h1>
      </header>
      {!user ? (
        <EmptyState
          icon={LogIn}
          title="Sign In Required"
          description="Sign in with the account this decision concerns to read it and to appeal."
          action={<SignInAgainButton />}
        />
      ) : Number.isInteger(id) && id > 0 ? (
        <DecisionContent decisionId={id} />
      ) : (
        <NotFound />
      )}
    </div>
  );
}

function NotFound() {
  return (
    <EmptyState
      icon={FileQuestion}
      title="Decision not found"
      description="There is no such decision, or it does not concern your account."
    />
  );
}

function DecisionContent({ decisionId }: { decisionId: number }) {
  const decision = useQuery(decisionQuery(decisionId));
  if (decision.isError && hasErrorCode(decision.error, 'decision_not_found', 'validation_failed')) return <NotFound />;
  if (!isLoaded(decision)) {
    return <QueryStatus query={decision} loading="Loading the decision..." failed="Error loading the decision" />;
  }
  return (
    <>
      <Statement decision={decision.data} />
      <AppealSection decision={decision.data} />
    </>
  );
}

function Statement({ decision }: { decision: DecisionView }) {
  const outcome = OUTCOME_WORDS[decision.outcome];
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={decision.outcome === 'keep' || decision.outcome === 'dismiss' ? 'success' : 'danger'}>
          {outcome.label}
        </Badge>
        {decision.reversesDecisionId !== null && <Badge tone="brand">Decided on appeal</Badge>}
        {decision.reversedBy && <Badge tone="success">Reversed on appeal</Badge>}
        <span className="text-sm text-stone-600">
          <time dateTime={decision.decidedAt}>{formatDateTime(decision.decidedAt)}</time>
        </span>
      </div>
      <p className="text-stone-800">{ROLE_WORDS[decision.role]}</p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-4 sm:gap-y-3">
        <dt className="mt-2 font-semibold text-stone-700 first:mt-0 sm:mt-0">The rating</dt>
        <dd className="text-stone-900">
          {decision.rating ? (
            <>
              A rating of <span className="font-semibold wrap-anywhere">{decision.rating.playerName}</span> written on{' '}
              <time dateTime={decision.rating.createdAt}>{formatDate(decision.rating.createdAt)}</time>
              {decision.rating.removed ? ' (taken down now)' : ' (shown now)'}
            </>
          ) : (
            'The rating has since been deleted.'
          )}
        </dd>
        <dt className="mt-2 font-semibold text-stone-700 first:mt-0 sm:mt-0">What was decided</dt>
        <dd className="text-stone-900">
          {outcome.sentence} Decided {SOURCE_WORDS[decision.source]}.
        </dd>
        {decision.ruleSentence && (
          <>
            <dt className="mt-2 font-semibold text-stone-700 first:mt-0 sm:mt-0">The rule</dt>
            <dd className="text-stone-900">{decision.ruleSentence}</dd>
          </>
        )}
        <dt className="mt-2 font-semibold text-stone-700 first:mt-0 sm:mt-0">The moderator&apos;s reasons</dt>
        <dd className="wrap-anywhere whitespace-pre-line text-stone-900">{decision.statement}</dd>
      </dl>
    </Card>
  );
}
