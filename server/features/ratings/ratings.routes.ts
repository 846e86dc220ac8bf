import type { FeatureRoutes } from '../../deps';

export const ratingsRoutes: FeatureRoutes = async () => {};
