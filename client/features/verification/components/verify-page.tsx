import { CenteredPage } from '@client/components/centered-page';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { EmailInput, Input } from '@client/components/ui/input';
import { fieldErrors, hasErrorCode, serverMessage } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { useAuth } from '@client/lib/use-auth';
import { usePageMeta } from '@client/lib/use-page-meta';
import { VERIFICATION_CODE_MIN_LENGTH } from '@common/constants';
import { emailSchema } from '@common/schemas/shared';
import { VERIFICATION_CODE_MESSAGE, VERIFY_NOT_FOUND_MESSAGE, type VerifiedPlayer } from '@common/schemas/verification';
import { PAGE_META } from '@common/seo';
import { ArrowLeft, BadgeCheck, Check, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useConfirmVerification, useRequestVerification } from '../api/verify-player';
import { UnconfirmedEmailNotice } from './unconfirmed-email-notice';

type Step = 'claim' | 'verify' | 'success';
const STEPS: { id: Step; label: string }[] = [
  { id: 'claim', label: 'Claim' },
  { id: 'verify', label: 'Verify' },
  { id: 'success', label: 'Done' },
];

/** docs/product.md#verify-screen, /verify: claim (e-mail), verify (code), success. */
export default function VerifyPage() {
  usePageMeta(PAGE_META['/verify']);
  const [step, setStep] = useState<Step>('claim');
  const [email, setEmail] = useState('');
  const [demoCode, setDemoCode] = useState<string | null>(null);
  const [playerName, setPlayerName] = useState('');
  const [player, setPlayer] = useState<VerifiedPlayer | null>(null);
  const { user } = useAuth();
  const [refusedUnconfirmed, setRefusedUnconfirmed] = useState(false);
  const unconfirmed = step !== 'success' && ((user !== null && !user.emailConfirmed) || refusedUnconfirmed);
  const onUnconfirmed = () => setRefusedUnconfirmed(true);

  return (
    <CenteredPage
      title={step === 'success' ? 'Account Verified!' : 'Verify your player profile'}
      subtitle={
        step === 'claim'
          ? 'Enter the e-mail on your player profile and we’ll send you a verification code.'
          : step === 'verify'
            ? 'Enter the code we sent to confirm this profile is yours.'
            : undefined
      }
      icon={
        <span
          className={cn(
            'grid size-12 place-items-center rounded-2xl ring-1',
            step === 'success'
              ? 'bg-emerald-100 text-emerald-700 ring-emerald-200'
              : 'bg-teal-50 text-teal-700 ring-teal-100',
          )}
        >
          <BadgeCheck aria-hidden className="size-7" />
        </span>
      }
    >
      {unconfirmed && <UnconfirmedEmailNotice accountEmail={user?.email ?? null} />}
      <StepIndicator current={step} />
      {step === 'claim' && (
        <ClaimStep
          email={email}
          onEmailChange={setEmail}
          onUnconfirmed={onUnconfirmed}
          onSent={(reply) => {
            setDemoCode(reply.verificationCode ?? null);
            setPlayerName(reply.playerName);
            setStep('verify');
          }}
        />
      )}
      {step === 'verify' && (
        <VerifyStep
          email={email}
          playerName={playerName}
          demoCode={demoCode}
          onUnconfirmed={onUnconfirmed}
          onBack={() => {
            setDemoCode(null);
            setStep('claim');
          }}
          onVerified={(verified) => {
            setPlayer(verified);
            setStep('success');
          }}
        />
      )}
      {step === 'success' && player && <SuccessStep player={player} />}
    </CenteredPage>
  );
}

function StepIndicator({ current }: { current: Step }) {
  // The last step is a completed state, so it is ticked like the ones before it.
  const index = current === 'success' ? STEPS.length : STEPS.findIndex((s) => s.id === current);
  return (
    <ol className="mb-6 flex items-center justify-center gap-2" aria-label="Progress">
      {STEPS.map((s, i) => (
        <li
          key={s.id}
          className="flex items-center gap-2"
          aria-current={i === index || (current === 'success' && s.id === 'success') ? 'step' : undefined}
        >
          <span
            className={cn(
              'grid size-7 place-items-center rounded-full text-xs font-bold',
              i < index && 'bg-teal-700 text-white',
              i === index && 'bg-amber-300 text-stone-900 ring-4 ring-amber-100',
              i > index && 'bg-stone-100 text-stone-500',
            )}
          >
            {i < index ? <Check aria-hidden className="size-4" strokeWidth={3} /> : i + 1}
          </span>
          <span className={cn('text-xs font-semibold', s.id === current ? 'text-stone-900' : 'text-stone-600')}>
            {s.label}
          </span>
          {i < STEPS.length - 1 && <span aria-hidden className="mx-1 h-px w-6 bg-stone-300 sm:w-10" />}
        </li>
      ))}
    </ol>
  );
}

function ClaimStep({
  email,
  onEmailChange,
  onSent,
  onUnconfirmed,
}: {
  email: string;
  onEmailChange: (value: string) => void;
  onSent: (reply: { playerName: string; verificationCode?: string }) => void;
  /** The server refused the signed-in account as unconfirmed: said above the steps, not on this field. */
  onUnconfirmed: () => void;
}) {
  const request = useRequestVerification();
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError('Please enter a valid email address');
      return;
    }
    setError(undefined);
    request.mutate(
      { email: parsed.data },
      {
        onSuccess: onSent,
        // docs/product.md#messages: on the e-mail field, the server message or the default.
        onError: (err) => {
          if (hasErrorCode(err, 'email_unconfirmed')) return onUnconfirmed();
          setError(fieldErrors(err).email ?? serverMessage(err, VERIFY_NOT_FOUND_MESSAGE));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Email" error={error}>
        <EmailInput value={email} onChange={(event) => onEmailChange(event.target.value)} />
      </FormField>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? 'Checking...' : 'Send Verification Code'}
      </Button>
    </form>
  );
}

function VerifyStep({
  email,
  playerName,
  demoCode,
  onUnconfirmed,
  onBack,
  onVerified,
}: {
  email: string;
  playerName: string;
  demoCode: string | null;
  onUnconfirmed: () => void;
  onBack: () => void;
  onVerified: (player: VerifiedPlayer) => void;
}) {
  const confirm = useConfirmVerification();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.replace(/[\s-]+/g, '').length < VERIFICATION_CODE_MIN_LENGTH) {
      setError(VERIFICATION_CODE_MESSAGE);
      return;
    }
    setError(undefined);
    confirm.mutate(
      { email: email.trim(), verificationCode: code },
      {
        onSuccess: (reply) => onVerified(reply.player),
        // docs/product.md#messages: on the code field, the server message or the default.
        onError: (err) => {
          if (hasErrorCode(err, 'email_unconfirmed')) return onUnconfirmed();
          setError(fieldErrors(err).verificationCode ?? serverMessage(err, 'Invalid verification code'));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {playerName && (
        <p className="text-center text-sm text-stone-600">
          Verifying the profile of <span className="font-semibold text-stone-900">{playerName}</span>
        </p>
      )}
      <FormField label="Email">
        <Input type="email" value={email} readOnly />
      </FormField>
      {demoCode && (
        <Alert tone="warning" title="Demo verification code">
          <span className="inline-flex items-center gap-2">
            <KeyRound aria-hidden className="size-4" />
            <code className="font-mono text-base font-bold tracking-widest" data-testid="demo-verification-code">
              {demoCode}
            </code>
          </span>
        </Alert>
      )}
      <FormField label="Verification code" error={error}>
        <Input
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          className="font-mono tracking-widest"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        {confirm.isPending ? 'Verifying...' : 'Verify Account'}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to Email Entry
      </Button>
    </form>
  );
}

function SuccessStep({ player }: { player: VerifiedPlayer }) {
  const navigate = useNavigate();
  return (
    <div className="grid gap-5 text-center">
      <p className="text-stone-700">
        Welcome, <span className="font-semibold text-stone-900">{`${player.firstName} ${player.lastName}`}</span>! Your
        player profile is now verified.
      </p>
      <Button size="lg" onClick={() => void navigate('/')}>
        Continue to App
      </Button>
    </div>
  );
}
