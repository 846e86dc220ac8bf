import type { HomeTabId } from '@client/lib/use-home-tab';
import {
  BadgeCheck,
  BarChart3,
  BookOpen,
  ClipboardList,
  Flag,
  GitPullRequestArrow,
  LayoutDashboard,
  Mail,
  MessageSquareHeart,
  MessageSquareWarning,
  Scale,
  ShieldAlert,
  Star,
  Trophy,
  Upload,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Which right an admin tab's content needs (docs/product.md#workspace-tabs); without it the AdminGate login form shows instead.
 * 'admin-token': an admin token + e-mail, a developer session, or an isAdmin user (already an admin by docs/product.md#roles: a
 * second sign-in would prove nothing more). 'match-review': an isAdmin user or a developer.
 */
export type AdminRight = 'admin-token' | 'match-review';

export type HomeTab = {
  id: HomeTabId;
  label: string;
  icon: LucideIcon;
  /** 'user': every signed-in person; 'admin': only when useAuth().isAdmin (docs/product.md#workspace-tabs, docs/product.md#roles). */
  access: 'user' | 'admin';
  adminRight?: AdminRight;
  /** The tab's screen, loaded on demand (code-split per tab). */
  component?: LazyExoticComponent<ComponentType>;
  /** A tab that is a link to another route (docs/product.md#verify-screen). */
  href?: string;
};

/**
 * The home tabs of docs/product.md#workspace-tabs, in order. Each screen lives in its feature folder and exports a default component
 * taking no props (read auth with useAuth(), switch tabs with useHomeTab()).
 */
export const HOME_TABS: readonly HomeTab[] = [
  {
    id: 'register',
    label: 'Player Registration',
    icon: UserPlus,
    access: 'user',
    component: lazy(() => import('@client/features/players/components/player-registration-tab')),
  },
  {
    id: 'bulk',
    label: 'Bulk Import',
    icon: Upload,
    access: 'admin',
    adminRight: 'admin-token',
    component: lazy(() => import('@client/features/admin/components/bulk-import-tab')),
  },
  {
    id: 'players',
    label: 'Player List',
    icon: ClipboardList,
    access: 'admin',
    adminRight: 'admin-token',
    component: lazy(() => import('@client/features/admin/components/player-list-tab')),
  },
  {
    id: 'users',
    label: 'User Management',
    icon: Users,
    access: 'admin',
    adminRight: 'admin-token',
    component: lazy(() => import('@client/features/admin/components/user-management-tab')),
  },
  {
    id: 'email-signups',
    label: 'Email Signups',
    icon: Mail,
    access: 'admin',
    adminRight: 'admin-token',
    component: lazy(() => import('@client/features/admin/components/email-signups-tab')),
  },
  {
    id: 'match-requests',
    label: 'Match Requests',
    icon: GitPullRequestArrow,
    access: 'admin',
    adminRight: 'match-review',
    component: lazy(() => import('@client/features/claims/components/match-requests-tab')),
  },
  {
    id: 'rate',
    label: 'Rate a Player',
    icon: Star,
    access: 'user',
    component: lazy(() => import('@client/features/ratings/components/rate-player-tab')),
  },
  {
    id: 'my-ratings',
    label: 'My Ratings',
    icon: MessageSquareHeart,
    access: 'user',
    component: lazy(() => import('@client/features/ratings/components/my-ratings-tab')),
  },
  {
    id: 'ratings-about-me',
    label: 'Ratings About Me',
    icon: BarChart3,
    access: 'user',
    component: lazy(() => import('@client/features/helpfulness/components/ratings-about-me-tab')),
  },
  {
    id: 'leaderboard',
    label: 'Leaderboard',
    icon: Trophy,
    access: 'user',
    component: lazy(() => import('@client/features/leaderboard/components/leaderboard-tab')),
  },
  {
    id: 'flagged',
    label: 'Flagged Content',
    icon: Flag,
    access: 'admin',
    adminRight: 'admin-token',
    component: lazy(() => import('@client/features/moderation/components/flagged-content-tab')),
  },
  {
    id: 'trust',
    label: 'Trust & Safety',
    icon: ShieldAlert,
    access: 'admin',
    adminRight: 'admin-token',
    component: lazy(() => import('@client/features/trust/components/trust-tab')),
  },
  {
    id: 'reports',
    label: 'Reports',
    icon: MessageSquareWarning,
    access: 'admin',
    adminRight: 'admin-token',
    component: lazy(() => import('@client/features/reports/components/reports-tab')),
  },
  {
    id: 'appeals',
    label: 'Appeals',
    icon: Scale,
    access: 'admin',
    adminRight: 'admin-token',
    component: lazy(() => import('@client/features/appeals/components/appeals-tab')),
  },
  { id: 'verify', label: 'Verify', icon: BadgeCheck, access: 'user', href: '/verify' },
  {
    id: 'dashboard',
    label: 'My Dashboard',
    icon: LayoutDashboard,
    access: 'user',
    component: lazy(() => import('@client/features/gamification/components/dashboard-tab')),
  },
  {
    id: 'about',
    label: 'About Rating System',
    icon: BookOpen,
    access: 'user',
    component: lazy(() => import('@client/features/gamification/components/about-rating-system-tab')),
  },
];
