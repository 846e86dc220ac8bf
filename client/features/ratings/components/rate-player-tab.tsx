import { Alert } from '@client/components/ui/alert';
import { Card, CardContent } from '@client/components/ui/card';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { useFlashMessage } from '@client/lib/use-flash-message';
import { useEffect, useRef } from 'react';
import { celebrate } from '../celebrate';
import { usePresetPlayer } from '../use-preset-player';
import { useRateWizard } from '../use-rate-wizard';
import { useSubmitDraft } from '../use-submit-draft';
import { CommentsStep } from './comments-step';
import { FindPlayerStep } from './find-player-step';
import { RateSkillsStep } from './rate-skills-step';
import { SelectedPlayer } from './selected-player';
import { STEPS, StepIndicator } from './step-indicator';

/** docs/product.md#rate-a-player: the three-step wizard with the update flow for an already-rated player. */
export default function RatePlayerTab() {
  const wizard = useRateWizard();
  const { step, setStep, target, draft, setDraft, reset } = wizard;
  const [banner, showBanner] = useFlashMessage<{ title: string; body: string }>();
  const openingPreset = usePresetPlayer(wizard.selectPlayer);
  const { submit, submitting } = useSubmitDraft(wizard, (title, body) => {
    celebrate().catch((error: unknown) => console.warn('Confetti failed', error));
    showBanner({ title, body });
    reset();
  });
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

  const current = STEPS[step - 1];
  const isUpdate = wizard.editingRatingId !== null;

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
              onSelect={(player) => void wizard.selectPlayer(player)}
              onAddNew={wizard.addNewPlayer}
              loadingPlayerId={wizard.loadingPlayerId}
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
              submitting={submitting}
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
