import type { FeatureRoutes } from '../../deps';

export const gamificationRoutes: FeatureRoutes = async () => {};
