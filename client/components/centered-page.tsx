import { LogoMark } from '@client/components/brand/logo';
import { cn } from '@client/lib/cn';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the single-card screens (sign in, sign up, verify, coming soon): a soft court backdrop and a card. */
export function CenteredPage({
  title,
  subtitle,
  children,
  footer,
  wide,
  icon,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  icon?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-teal-100/80 via-teal-50/40 to-transparent"
      />
      <div className={cn('relative mx-auto w-full px-3 py-10 sm:px-4 sm:py-14', wide ? 'max-w-2xl' : 'max-w-md')}>
        <div className="rounded-3xl border border-stone-200 bg-white p-5 shadow-xl shadow-teal-900/5 sm:p-8">
          <div className="mb-6 flex flex-col items-center text-center">
            {icon ?? <LogoMark className="size-12" />}
            <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-stone-900">{title}</h1>
            {subtitle && <p className="mt-2 text-sm leading-relaxed text-stone-600">{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-stone-600">{footer}</div>}
      </div>
    </div>
  );
}

/** A link in the footer under the card, to the screen one may have meant: "Sign in", "Create an account". */
export function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-teal-800 underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/** "or" between the Google button and the e-mail form. */
export function OrDivider({ label = 'or' }: { label?: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-xs font-medium tracking-wide text-stone-500 uppercase">
      <span className="h-px flex-1 bg-stone-200" />
      {label}
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}
