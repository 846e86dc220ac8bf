import type { FeatureRoutes } from '../../deps';

export const moderationRoutes: FeatureRoutes = async () => {};
