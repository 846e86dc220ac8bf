import type { FeatureRoutes } from '../../deps';
import {
  locationsQuerySchema,
  locationsReplySchema,
  resolvePlaceQuerySchema,
  resolvePlaceReplySchema,
} from '../../../common/schemas/locations';
import { errorReplySchema } from '../../../common/schemas/shared';
import { placeText, resolvePlace, suggestLocations } from './locations.service';

// Public, cheap and in memory; the limit only stops one client from hogging the server.
const rateLimit = { max: 600, timeWindow: '1 minute' };

export const locationsRoutes: FeatureRoutes = async (app) => {
  app.get(
    '/api/locations',
    {
      config: { rateLimit },
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

  // A form checks its location field with this before sending, so it can say what to write under the field; the
  // server checks again when the form is sent (docs/product.md#places).
  app.get(
    '/api/locations/resolve',
    {
      config: { rateLimit },
      schema: {
        operationId: 'resolvePlace',
        summary: 'The US place a location text names (as a form would store it), or null when it names none',
        tags: ['locations'],
        querystring: resolvePlaceQuerySchema,
        response: { 200: resolvePlaceReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      const place = resolvePlace(request.query.q);
      return { place: place && { ...place, location: placeText(place) } };
    },
  );
};
