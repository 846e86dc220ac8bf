import type { FeatureRoutes } from '../../deps';
import { locationsQuerySchema, locationsReplySchema } from '../../../common/schemas/locations';
import { errorReplySchema } from '../../../common/schemas/shared';
import { suggestLocations } from './locations.service';

export const locationsRoutes: FeatureRoutes = async (app) => {
  app.get(
    '/api/locations',
    {
      // Public, cheap and in memory; the limit only stops one client from hogging the server.
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        operationId: 'suggestLocations',
        summary: 'Suggest US places for what was typed in a location field',
        tags: ['locations'],
        querystring: locationsQuerySchema,
        response: { 200: locationsReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request, reply) => {
      // The data only changes with a package upgrade: browsers may keep an answer for an hour.
      void reply.header('cache-control', 'public, max-age=3600');
      return { suggestions: suggestLocations(request.query.q) };
    },
  );
};
