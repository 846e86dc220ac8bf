import type { FeatureRoutes } from '../../deps';

export const leaderboardRoutes: FeatureRoutes = async () => {};
