import type { FeatureRoutes } from '../../deps';

export const authRoutes: FeatureRoutes = async () => {};
