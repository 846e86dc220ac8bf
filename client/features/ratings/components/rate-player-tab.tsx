import { Alert } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { EstimateBadge } from '@client/components/ui/estimate-badge';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { useToast } from '@client/components/ui/use-toast';
import { ApiError, serverMessage } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { parsePlayerId, playerPageQuery, searchResultOfPage } from '@client/lib/player-page-query';
import { useAuth } from '@client/lib/use-auth';
import { useFlashMessage } from '@client/lib/use-flash-message';
import { pointsForRating } from '@common/gamification';
import type { PlayerSearchResult } from '@common/schemas/players';
import { useQueryClient } from '@tanstack/react-query';
import { Check, History, MapPin, UserPlus, X } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ratingQuery } from '../api/get-rating';
import { useSubmitRating } from '../api/submit-rating';
import { useUpdateRating } from '../api/update-rating';
import { celebrate } from '../celebrate';
import {
  commentLength,
  createBody,
  draftFromRating,
  draftProblem,
  editBody,
  freshDraft,
  targetName,
  type NewPlayerDetails,
  type RatingDraft,
  type RatingTarget,
} from '../rating-draft';
import { CommentsStep } from './comments-step';
import { FindPlayerStep } from './find-player-step';
import { RateSkillsStep } from './rate-skills-step';

type Step = 1 | 2 | 3;

const STEPS: { step: Step; title: string; short: string; description: string }[] = [
  { step: 1, title: 'Find player', short: 'Find', description: 'Search for the player you played with, or add them.' },
  { step: 2, title: 'Rate skills', short: 'Rate', description: 'Give one to five stars in each category and overall.' },
  {
    step: 3,
    title: 'Comments & submit',
    short: 'Submit',
    description: 'Add feedback that helps them improve, then submit.',
  },
];

/** The 409 of a second rating names the rating to update instead (server: existingRatingId). */
function existingRatingIdOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as { existingRatingId?: unknown };
    return typeof body.existingRatingId === 'number' ? body.existingRatingId : null;
  } catch {
    return null;
  }
}

/** §2 Rate a Player: the three-step wizard with the §4 update flow for an already-rated player. */
export default function RatePlayerTab() {
  const auth = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const submitRating = useSubmitRating();
  const updateRating = useUpdateRating();
  const [step, setStep] = useState<Step>(1);
  const [target, setTarget] = useState<RatingTarget | null>(null);
  const [draft, setDraft] = useState<RatingDraft>(freshDraft);
  const [editingRatingId, setEditingRatingId] = useState<number | null>(null);
  const [loadingPlayerId, setLoadingPlayerId] = useState<number | null>(null);
  const [banner, showBanner] = useFlashMessage<{ title: string; body: string }>();
  const [params, setParams] = useSearchParams();
  const presetPlayerId = parsePlayerId(params.get('player'));
  const [openingPreset, setOpeningPreset] = useState(false);
  const presetTaken = useRef<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Keyboard and screen-reader users land on the new step's heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  /** §2: "Change Player" and "Cancel" go back to step 1 with a fresh form. */
  const reset = () => {
    setStep(1);
    setTarget(null);
    setDraft(freshDraft());
    setEditingRatingId(null);
  };

  const selectPlayer = async (player: PlayerSearchResult) => {
    if (player.alreadyRated && player.existingRatingId !== null) {
      // §4: an already-rated player loads the earlier rating into the form (update flow).
      setLoadingPlayerId(player.id);
      try {
        const rating = await queryClient.fetchQuery(ratingQuery(player.existingRatingId));
        setDraft(draftFromRating(rating));
        setEditingRatingId(rating.id);
      } catch (error) {
        toast({
          title: 'Could not load your earlier rating',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
        return;
      } finally {
        setLoadingPlayerId(null);
      }
    } else {
      setDraft(freshDraft());
      setEditingRatingId(null);
    }
    setTarget({ kind: 'existing', player });
    setStep(2);
  };

  /** A player's page sends `?player=<id>`: the wizard opens at step 2 with them (updating an earlier rating). */
  const openPresetPlayer = useEffectEvent(async (playerId: number) => {
    setOpeningPreset(true);
    try {
      // Asked afresh: whether the caller already rated them decides between a new rating and the update flow.
      const page = await queryClient.fetchQuery({ ...playerPageQuery(playerId), staleTime: 0 });
      if (page.viewer.isOwner) {
        toast({
          title: 'You cannot rate yourself',
          description: 'Pick another player to rate.',
          variant: 'destructive',
        });
        return;
      }
      await selectPlayer(searchResultOfPage(page));
    } catch (error) {
      toast({
        title: 'Could not open that player',
        description: serverMessage(error, 'Please search for them instead.'),
        variant: 'destructive',
      });
    } finally {
      setOpeningPreset(false);
    }
  });

  useEffect(() => {
    if (presetPlayerId === null || presetTaken.current === presetPlayerId) return;
    presetTaken.current = presetPlayerId;
    // Taken once: a reload or "Change Player" does not bring the player back.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('player');
        return next;
      },
      { replace: true },
    );
    void openPresetPlayer(presetPlayerId);
  }, [presetPlayerId, setParams]);

  const addNewPlayer = (details: NewPlayerDetails) => {
    setTarget({ kind: 'new', details });
    setDraft(freshDraft());
    setEditingRatingId(null);
    setStep(2);
  };

  const succeed = (title: string, body: string) => {
    celebrate().catch((error: unknown) => console.warn('Confetti failed', error));
    showBanner({ title, body });
    reset();
  };

  const submit = () => {
    const problem = draftProblem(draft, target, auth.isAuthenticated);
    if (problem || !target) {
      toast({ ...(problem ?? { title: 'Please select a player', description: '' }), variant: 'destructive' });
      if (problem?.field) setStep(2);
      return;
    }
    const name = targetName(target);
    if (editingRatingId !== null) {
      updateRating.mutate(
        { id: editingRatingId, body: editBody(draft.scores, draft) },
        {
          onSuccess: () => succeed('Rating updated!', `Your rating of ${name} is up to date.`),
          onError: (error) =>
            toast({
              title: 'Rating submission failed',
              description: serverMessage(error, 'Please try again.'),
              variant: 'destructive',
            }),
        },
      );
      return;
    }
    submitRating.mutate(createBody(draft, target, auth.user?.email ?? null), {
      onSuccess: () =>
        succeed(
          'Rating submitted!',
          `Thanks for rating ${name}. You earned ${pointsForRating(commentLength(draft))} points.`,
        ),
      onError: (error) => {
        const existing = existingRatingIdOf(error);
        // Rated meanwhile (another tab): keep the form, and the next submit updates that rating.
        if (existing !== null) setEditingRatingId(existing);
        toast({
          title: 'Rating submission failed',
          description:
            existing !== null
              ? 'You have already rated this player. Submit again to update your earlier rating.'
              : serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };

  const current = STEPS[step - 1];
  const isUpdate = editingRatingId !== null;

  return (
    <div className="grid gap-5">
      {banner && (
        <Alert tone="success" title={banner.title}>
          {banner.body}
        </Alert>
      )}
      <StepIndicator step={step} />
      <Card>
        <CardContent className="grid gap-5">
          <div className="grid gap-1">
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight text-stone-900 outline-none">
              Step {step}: {current.title}
            </h2>
            <p className="text-sm text-stone-600">{current.description}</p>
          </div>

          {step > 1 && target && (
            <SelectedPlayer target={target} isUpdate={isUpdate} onChange={reset} onCancel={reset} />
          )}

          {step === 1 && openingPreset && <LoadingBlock label="Opening the player…" />}
          {step === 1 && !openingPreset && (
            <FindPlayerStep
              onSelect={(player) => void selectPlayer(player)}
              onAddNew={addNewPlayer}
              loadingPlayerId={loadingPlayerId}
            />
          )}
          {step === 2 && (
            <RateSkillsStep
              draft={draft}
              isUpdate={isUpdate}
              onScore={(key, value) => setDraft((d) => ({ ...d, scores: { ...d.scores, [key]: value } }))}
              onAnonymous={(isAnonymous) => setDraft((d) => ({ ...d, isAnonymous }))}
              onContinue={() => setStep(3)}
            />
          )}
          {step === 3 && (
            <CommentsStep
              draft={draft}
              isUpdate={isUpdate}
              submitting={submitRating.isPending || updateRating.isPending}
              onStrengths={(strengthsImprovements) => setDraft((d) => ({ ...d, strengthsImprovements }))}
              onComment={(key, value) => setDraft((d) => ({ ...d, comments: { ...d.comments, [key]: value } }))}
              onBack={() => setStep(2)}
              onSubmit={submit}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function StepIndicator({ step }: { step: Step }) {
  return (
    <nav aria-label="Rating progress">
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((item) => {
          const done = item.step < step;
          const active = item.step === step;
          return (
            <li
              key={item.step}
              aria-current={active ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-xl border px-2 py-2 text-xs font-semibold sm:px-3 sm:text-sm',
                active && 'border-teal-600 bg-teal-50 text-teal-900',
                done && 'border-teal-200 bg-white text-teal-800',
                !active && !done && 'border-stone-200 bg-white text-stone-500',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'grid size-6 shrink-0 place-items-center rounded-full text-xs',
                  active && 'bg-teal-700 text-white',
                  done && 'bg-teal-100 text-teal-800',
                  !active && !done && 'bg-stone-100 text-stone-500',
                )}
              >
                {done ? <Check className="size-3.5" strokeWidth={3} /> : item.step}
              </span>
              <span className="min-w-0 leading-tight">
                <span className="sr-only">Step {item.step}: </span>
                <span className="sm:hidden">{item.short}</span>
                <span className="hidden sm:inline">{item.title}</span>
                {done && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function SelectedPlayer({
  target,
  isUpdate,
  onChange,
  onCancel,
}: {
  target: RatingTarget;
  isUpdate: boolean;
  onChange: () => void;
  onCancel: () => void;
}) {
  const estimate = target.kind === 'existing' ? target.player.overallEstimate : undefined;
  const location =
    target.kind === 'existing'
      ? target.player.location
      : [target.details.city.trim(), target.details.state.trim()].filter(Boolean).join(', ');
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-gradient-to-r from-teal-50 to-white p-3 ring-1 ring-teal-100 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span
          aria-hidden
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-teal-700 text-sm font-bold text-white"
        >
          {target.kind === 'new' ? <UserPlus className="size-5" /> : targetName(target).slice(0, 1)}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
            <span className="sr-only">Rating: </span>
            {targetName(target)}
            {target.kind === 'new' && <Badge tone="brand">New player</Badge>}
            {isUpdate && (
              <Badge tone="accent">
                <History aria-hidden className="size-3.5" />
                Updating your earlier rating
              </Badge>
            )}
          </p>
          {location && (
            <p className="flex items-center gap-1 text-sm text-stone-600">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{location}</span>
            </p>
          )}
          {estimate && <EstimateBadge estimate={estimate} className="mt-1" />}
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onChange} className="flex-1 sm:flex-none">
          Change Player
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} className="flex-1 sm:flex-none">
          <X aria-hidden className="size-4" />
          Cancel
        </Button>
      </div>
    </div>
  );
}
