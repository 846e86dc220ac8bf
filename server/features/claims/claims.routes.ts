import type { FeatureRoutes } from '../../deps';

export const claimsRoutes: FeatureRoutes = async () => {};
