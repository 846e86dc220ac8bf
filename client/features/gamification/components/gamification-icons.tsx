import { cn } from '@client/lib/cn';
import type { RankName } from '@common/gamification';
import {
  Award,
  ClipboardCheck,
  Crown,
  Gem,
  Heart,
  ListChecks,
  Medal,
  MessageSquareText,
  PencilLine,
  Sparkles,
  Sprout,
  Star,
  Trophy,
  type LucideIcon,
} from 'lucide-react';

/** common/gamification.ts names each badge's icon; these are the lucide icons drawn for them. */
const BADGE_ICONS: Record<string, LucideIcon> = {
  star: Star,
  'clipboard-check': ClipboardCheck,
  trophy: Trophy,
  'message-square-text': MessageSquareText,
  'list-checks': ListChecks,
  'pencil-line': PencilLine,
  heart: Heart,
  sparkles: Sparkles,
};

export const badgeIcon = (name: string): LucideIcon => BADGE_ICONS[name] ?? Award;

export const RANK_STYLES: Record<RankName, { icon: LucideIcon; chip: string; ring: string }> = {
  Rookie: { icon: Sprout, chip: 'bg-stone-100 text-stone-700', ring: 'ring-stone-200' },
  Bronze: { icon: Medal, chip: 'bg-orange-100 text-orange-900', ring: 'ring-orange-200' },
  Silver: { icon: Medal, chip: 'bg-slate-200 text-slate-800', ring: 'ring-slate-300' },
  Gold: { icon: Trophy, chip: 'bg-amber-100 text-amber-900', ring: 'ring-amber-300' },
  Platinum: { icon: Crown, chip: 'bg-cyan-100 text-cyan-900', ring: 'ring-cyan-200' },
  Diamond: { icon: Gem, chip: 'bg-indigo-100 text-indigo-900', ring: 'ring-indigo-200' },
};

export function RankChip({ rank, className }: { rank: RankName; className?: string }) {
  const { icon: Icon, chip } = RANK_STYLES[rank];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-bold', chip, className)}
    >
      <Icon aria-hidden className="size-4" />
      {rank}
    </span>
  );
}
