import type { FeatureRoutes } from '../../deps';

export const playersRoutes: FeatureRoutes = async () => {};
