import type { LeaderboardPeriod, MatchRequestStatus } from '@common/constants';
import type { AppealQueueStatus } from '@common/schemas/appeals';
import type { ListSort } from '@common/schemas/shared';
import type { TRUST_FLAG_STATUSES } from '@common/schemas/trust';

/**
 * Every query key of the client, in one place, so a mutation invalidates exactly the lists docs/product.md#refreshing-after-changes names.
 * Keys are hierarchical: invalidating a prefix (e.g. queryKeys.players.all) refreshes everything under it.
 */
export const queryKeys = {
  config: ['config'] as const,
  /** GET /api/transparency */
  transparency: ['transparency'] as const,

  /** docs/product.md#notifications */
  notifications: {
    /** GET /api/notifications (the bell) */
    list: ['notifications', 'list'] as const,
    /** GET /api/notifications/preferences (the Account screen's switches) */
    preferences: ['notifications', 'preferences'] as const,
    /** GET /api/notifications/unsubscribe?token= */
    unsubscribe: (token: string) => ['notifications', 'unsubscribe', token] as const,
  },

  auth: {
    /** GET /api/auth/user */
    user: ['auth', 'user'] as const,
    /** GET /api/dev-auth/user */
    developer: ['auth', 'developer'] as const,
    /** GET /api/auth/user/player */
    linkedPlayer: ['auth', 'linked-player'] as const,
    /** GET /api/auth/user/match-request: the caller's pending claim */
    pendingClaim: ['auth', 'pending-claim'] as const,
    /** The e-mail confirmation link a DEMO_MODE answer carried (client-side only). */
    demoConfirmationUrl: ['auth', 'demo-confirmation-url'] as const,
  },

  players: {
    all: ['players'] as const,
    /** GET /api/players/search?q= — docs/product.md#refreshing-after-changes: refreshed after a rating is submitted. */
    searchAll: ['players', 'search'] as const,
    search: (q: string, near?: { place: string; radiusMiles: number }) =>
      near ? (['players', 'search', q, near.place, near.radiusMiles] as const) : (['players', 'search', q] as const),
    detail: (id: number) => ['players', 'detail', id] as const,
  },

  /** docs/product.md#refreshing-after-changes "community-ratings": every list of ratings about players; refreshed after a rating is submitted. */
  communityRatings: {
    all: ['community-ratings'] as const,
    /** GET /api/players/{id}/received-ratings */
    receivedByPlayer: (playerId: number) => ['community-ratings', 'received', playerId] as const,
    /** One order of it, read a page at a time. */
    receivedPages: (playerId: number, sort: ListSort) => ['community-ratings', 'received', playerId, sort] as const,
    /** GET /api/players/{id}/page: a player's public page, its numbers refreshed with every rating (docs/product.md#refreshing-after-changes). */
    playerPage: (playerId: number) => ['community-ratings', 'player-page', playerId] as const,
    /** GET /api/players/{id}/comments: the page's comments, a page at a time. */
    playerPageComments: (playerId: number) => ['community-ratings', 'player-page-comments', playerId] as const,
  },

  ratings: {
    /** GET /api/my-ratings */
    mine: ['my-ratings'] as const,
    /** One order of it, read a page at a time. */
    minePages: (sort: ListSort) => ['my-ratings', sort] as const,
    /** GET /api/ratings/{id} */
    detail: (id: number) => ['ratings', id] as const,
  },

  decisions: {
    all: ['decisions'] as const,
    /** GET /api/decisions/{id}: refreshed after an appeal, and after an admin decides one. */
    detail: (id: number) => ['decisions', id] as const,
  },

  gamification: {
    /** GET /api/gamification/my-stats */
    myStats: ['gamification', 'my-stats'] as const,
  },

  leaderboard: {
    all: ['leaderboard'] as const,
    /** GET /api/leaderboard?period= */
    period: (period: LeaderboardPeriod) => ['leaderboard', period] as const,
  },

  locations: {
    /** GET /api/locations?q= */
    suggest: (q: string) => ['locations', q] as const,
    /** GET /api/locations/resolve?q= */
    resolve: (q: string) => ['locations', 'resolve', q] as const,
  },

  admin: {
    all: ['admin'] as const,
    matchRequestsAll: ['admin', 'match-requests'] as const,
    /** GET /api/admin/match-requests?status= — the pending list is also the nav badge (docs/product.md#workspace-tabs). */
    matchRequests: (status: MatchRequestStatus) => ['admin', 'match-requests', status] as const,
    emailSignups: ['admin', 'email-signups'] as const,
    users: ['admin', 'users'] as const,
    players: ['admin', 'players'] as const,
    flaggedComments: ['admin', 'flagged-comments'] as const,
    /** GET /api/admin/ratings/removed — docs/product.md#refreshing-after-changes: refreshed after a take-down or restore. */
    removedRatings: ['admin', 'removed-ratings'] as const,
    playerRatingsAll: ['admin', 'player-ratings'] as const,
    /** GET /api/admin/players/{id}/ratings — refreshed after a take-down or restore of one of them. */
    playerRatings: (playerId: number) => ['admin', 'player-ratings', playerId] as const,
    trustAll: ['admin', 'trust'] as const,
    trustFlagsAll: ['admin', 'trust', 'flags'] as const,
    /** GET /api/admin/trust/flags?status= */
    trustFlags: (status: (typeof TRUST_FLAG_STATUSES)[number]) => ['admin', 'trust', 'flags', status] as const,
    /** GET /api/admin/trust/status */
    trustStatus: ['admin', 'trust', 'status'] as const,
    appealsAll: ['admin', 'appeals'] as const,
    /** GET /api/admin/appeals?status= */
    appeals: (status: AppealQueueStatus) => ['admin', 'appeals', status] as const,
    reportsAll: ['admin', 'reports'] as const,
    /** GET /api/admin/reports?status= */
    reports: (status: 'open' | 'decided') => ['admin', 'reports', status] as const,
  },
} as const;
