import type { FeatureRoutes } from '../../deps';

export const helpfulnessRoutes: FeatureRoutes = async () => {};
