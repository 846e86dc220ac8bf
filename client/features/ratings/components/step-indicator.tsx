import { cn } from '@client/lib/cn';
import { Check } from 'lucide-react';
import type { WizardStep } from '../use-rate-wizard';

export const STEPS: { step: WizardStep; title: string; short: string; description: string }[] = [
  { step: 1, title: 'Find player', short: 'Find', description: 'Search for the player you played with, or add them.' },
  { step: 2, title: 'Rate skills', short: 'Rate', description: 'Give one to five stars in each category and overall.' },
  {
    step: 3,
    title: 'Comments & submit',
    short: 'Submit',
    description: 'Add feedback that helps them improve, then submit.',
  },
];

/** The wizard's three steps as a progress list: done, current (aria-current="step") and still to come. */
export function StepIndicator({ step }: { step: WizardStep }) {
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
