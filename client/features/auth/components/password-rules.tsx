import { cn } from '@client/lib/cn';
import { PASSWORD_MIN_LENGTH } from '@common/constants';
import { Check, Circle } from 'lucide-react';

/** docs/product.md#password-rules, ticked off as the person types. */
const RULES = [
  { label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { label: 'One number', test: (p: string) => /[0-9]/.test(p) },
];

export function PasswordRules({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs" aria-label="Password requirements">
      {RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} className={cn('flex items-center gap-1.5', met ? 'text-emerald-800' : 'text-stone-600')}>
            {met ? (
              <Check aria-hidden className="size-3.5 shrink-0" strokeWidth={3} />
            ) : (
              <Circle aria-hidden className="size-3 shrink-0" />
            )}
            {rule.label}
            <span className="sr-only">{met ? '(done)' : '(not yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
