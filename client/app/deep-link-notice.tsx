import { Button } from '@client/components/ui/button';
import { loginPathBackTo } from '@client/lib/next-path';
import type { HomeTabId } from '@client/lib/use-home-tab';
import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_TABS } from './tabs';

/** Why a home tab is not shown signed out, and a sign-in that comes back to it. */
export default function DeepLinkNotice({ tab }: { tab: HomeTabId }) {
  const target = HOME_TABS.find((candidate) => candidate.id === tab);
  if (!target) return null;
  const Icon = target.icon;
  return (
    <section aria-labelledby="deep-link-title" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
        <div className="flex min-w-0 items-start gap-3">
          <span className="relative grid size-11 shrink-0 place-items-center rounded-xl bg-white text-teal-800 ring-1 ring-amber-200">
            <Icon aria-hidden className="size-5" />
            <LockKeyhole
              aria-hidden
              className="absolute -right-1.5 -bottom-1.5 size-5 rounded-full bg-amber-400 p-1 text-stone-900"
            />
          </span>
          <div className="min-w-0">
            <p id="deep-link-title" className="font-bold text-stone-900">
              Sign in to see {target.label}
            </p>
            <p className="text-sm text-stone-700">
              {target.label} is for members. Sign in and we&rsquo;ll take you straight there.
            </p>
          </div>
        </div>
        <Button asChild className="w-full sm:ml-auto sm:w-auto">
          <Link to={loginPathBackTo(`/?tab=${target.id}`)}>Sign in</Link>
        </Button>
      </div>
    </section>
  );
}
