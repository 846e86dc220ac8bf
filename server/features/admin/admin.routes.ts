import type { FeatureRoutes } from '../../deps';

export const adminRoutes: FeatureRoutes = async () => {};
