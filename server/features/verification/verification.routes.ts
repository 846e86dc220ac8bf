import type { FeatureRoutes } from '../../deps';

export const verificationRoutes: FeatureRoutes = async () => {};
