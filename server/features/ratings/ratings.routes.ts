import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import {
  createRatingBodySchema,
  editRatingBodySchema,
  myRatingsReplySchema,
  ratingReplySchema,
  ratingsPageQuerySchema,
} from '../../../common/schemas/ratings';
import { newPlayerLimitReplySchema } from '../../../common/schemas/players';
import { NEXT_CURSOR_HEADER, errorReplies, errorReplySchema, idParamSchema } from '../../../common/schemas/shared';
import { editRating, getMyRatings, getRating, submitRating, type RatingsPage, type Viewer } from './ratings.service';

const refusals = errorReplies(400, 401, 403, 404);

/** The 409 of a second rating names the rating to edit instead (docs/product.md#rating-rules). */
const alreadyRatedSchema = errorReplySchema.extend({ existingRatingId: z.number().int() });

/** The page's ratings as an array (docs/product.md#paging); the next page's cursor, if any, in x-next-cursor. */
function sendPage<Item>(reply: FastifyReply, page: RatingsPage<Item>): Item[] {
  if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}

export const ratingsRoutes: FeatureRoutes = async (app, { database, env }) => {
  const { db } = database;
  const settings = { cadence: env.ANONYMITY_RELEASE };

  const viewerOf = async (request: FastifyRequest): Promise<Viewer> => {
    const actor = await app.authorize.requireActor(request);
    return { actor, isAdmin: actor.isAdmin || (await app.authorize.isAdmin(request)) };
  };

  app.post(
    '/api/ratings',
    {
      config: { access: 'confirmed' },
      schema: {
        operationId: 'submitRating',
        summary: 'Rate a player',
        tags: ['ratings'],
        body: createRatingBodySchema,
        // 429: the rate wizard's new player past the account's daily limit (docs/product.md, New players).
        response: { 201: ratingReplySchema, ...refusals, 409: alreadyRatedSchema, 429: newPlayerLimitReplySchema },
      },
    },
    async (request, reply) => {
      const actor = await app.authorize.requireActor(request);
      return reply.status(201).send(await submitRating(db, actor, request.body, settings));
    },
  );

  app.get(
    '/api/ratings/:id',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getRating',
        summary: 'One rating, as its rater, its subject or an admin may see it',
        tags: ['ratings'],
        params: idParamSchema,
        response: { 200: ratingReplySchema, ...refusals },
      },
    },
    async (request) => getRating(db, request.params.id, await viewerOf(request), settings),
  );

  app.put(
    '/api/ratings/:id',
    {
      config: { access: 'confirmed' },
      schema: {
        operationId: 'editRating',
        summary: 'Change a rating you gave',
        tags: ['ratings'],
        params: idParamSchema,
        body: editRatingBodySchema,
        response: { 200: ratingReplySchema, ...refusals },
      },
    },
    async (request) => editRating(db, request.params.id, await viewerOf(request), request.body, settings),
  );

  app.get(
    '/api/my-ratings',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'listMyRatings',
        summary: 'A page of the ratings the signed-in user gave',
        tags: ['ratings'],
        querystring: ratingsPageQuerySchema,
        response: { 200: myRatingsReplySchema, 400: errorReplySchema, 401: errorReplySchema },
      },
    },
    async (request, reply) =>
      sendPage(reply, await getMyRatings(db, await app.authorize.requireActor(request), request.query, settings)),
  );
};
