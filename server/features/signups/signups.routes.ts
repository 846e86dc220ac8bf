import type { FeatureRoutes } from '../../deps';

export const signupsRoutes: FeatureRoutes = async () => {};
