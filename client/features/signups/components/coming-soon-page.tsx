import { LogoMark } from '@client/components/brand/logo';
import { Button } from '@client/components/ui/button';
import { EmailInput } from '@client/components/ui/input';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { usePageMeta } from '@client/lib/use-page-meta';
import { emailSchema } from '@common/schemas/shared';
import { PAGE_META } from '@common/seo';
import { BellRing, Lock, Sparkles, Trophy, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSignUpForUpdates } from '../api/sign-up-for-updates';

const EXPECT = [
  { icon: Users, text: 'Peer ratings from the people you actually play with' },
  { icon: Sparkles, text: 'A clear picture of your game across five skill categories' },
  { icon: Trophy, text: 'Points, badges and a community leaderboard' },
];

/** docs/product.md#coming-soon, /coming-soon: e-mail signup for launch updates (docs/product.md#email-signup-rules, docs/product.md#messages). */
export default function ComingSoonPage() {
  usePageMeta(PAGE_META['/coming-soon']);
  const { toast } = useToast();
  const signUp = useSignUpForUpdates();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setInvalid(true);
      toast({ title: 'Email required', description: 'Please enter your email address.', variant: 'destructive' });
      return;
    }
    if (!emailSchema.safeParse(value).success) {
      setInvalid(true);
      toast({ title: 'Invalid email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    setInvalid(false);
    signUp.mutate(
      { email: value },
      {
        onSuccess: () => {
          setEmail('');
          toast({
            title: 'Success!',
            description: "You've been added to our updates list. We'll let you know as soon as we launch!",
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: 'Oops!',
            description: serverMessage(error, 'Something went wrong. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="relative flex flex-1 items-center overflow-hidden bg-gradient-to-b from-teal-900 to-teal-700 text-white">
      <div aria-hidden className="absolute -top-32 -right-32 size-96 rounded-full bg-amber-300/20 blur-3xl" />
      <div className="relative mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:items-center">
        <div>
          <LogoMark className="size-14" />
          <p className="mt-6 text-sm font-semibold tracking-wide text-amber-200 uppercase">Coming soon</p>
          <h1 className="mt-2 text-4xl font-black tracking-tight sm:text-5xl">
            Your courts. Your community. <span className="text-amber-300">Your rating.</span>
          </h1>
          <p className="mt-4 max-w-lg text-teal-50/90 sm:text-lg">
            We’re putting the finishing touches on Pickleball Ratings. Leave your e-mail and be the first to know when
            we launch in your area.
          </p>
          <form noValidate onSubmit={submit} className="mt-8 flex max-w-lg flex-col gap-3 sm:flex-row">
            <label htmlFor={inputId} className="sr-only">
              Email address
            </label>
            <EmailInput
              id={inputId}
              placeholder="you@example.com"
              value={email}
              aria-invalid={invalid || undefined}
              onChange={(event) => setEmail(event.target.value)}
              className="h-12 border-white/30 text-base sm:flex-1"
            />
            <Button type="submit" variant="accent" size="lg" loading={signUp.isPending}>
              <BellRing aria-hidden className="size-4" />
              Notify Me When Ready!
            </Button>
          </form>
          <p className="mt-4 flex max-w-lg items-start gap-2 text-sm text-teal-50/80">
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
            We respect your privacy: your e-mail is only used to tell you about the launch. No spam, never shared, and
            you can ask us to remove it at any time.
          </p>
        </div>
        <div className="rounded-3xl bg-white/10 p-6 ring-1 ring-white/20 backdrop-blur-sm sm:p-8">
          <h2 className="text-lg font-bold">What to expect</h2>
          <ul className="mt-4 grid gap-4">
            {EXPECT.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3">
                <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-amber-300 text-stone-900">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span className="pt-1.5 text-sm leading-relaxed text-teal-50">{text}</span>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-teal-100/80">One e-mail when we launch. That’s it.</p>
        </div>
      </div>
    </div>
  );
}
