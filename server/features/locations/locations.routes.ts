import type { FeatureRoutes } from '../../deps';

export const locationsRoutes: FeatureRoutes = async () => {};
