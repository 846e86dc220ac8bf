import type { FastifyRequest } from 'fastify';
import type { FeatureRoutes } from '../../deps';
import {
  playerPageCommentsQuerySchema,
  playerPageCommentsReplySchema,
  playerPageParamSchema,
  playerPageSchema,
} from '../../../common/schemas/player-page';
import { errorReplySchema, NEXT_CURSOR_HEADER } from '../../../common/schemas/shared';
import { getPlayerPage, getPlayerPageComments, type PageAccess } from './player-page.service';

const refusals = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema };

/** Public: anyone reads a player's page, except a members-only one, which needs a signed-in caller. */
export const playerPageRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  const accessOf = async (request: FastifyRequest): Promise<PageAccess> => {
    const actor = await app.authorize.optionalActor(request);
    return {
      caller: actor ? { userId: actor.user.id, email: actor.user.email } : null,
      isAdmin: await app.authorize.isAdmin(request),
    };
  };

  app.get(
    '/api/players/:id/page',
    {
      schema: {
        operationId: 'getPlayerPage',
        summary: "A player's public page: profile, estimates, star counts, history and what the caller may do",
        tags: ['players'],
        params: playerPageParamSchema,
        response: { 200: playerPageSchema, ...refusals },
      },
    },
    async (request) => getPlayerPage(db, request.params.id, await accessOf(request)),
  );

  app.get(
    '/api/players/:id/comments',
    {
      schema: {
        operationId: 'getPlayerPageComments',
        summary: "The comments on a player's public page, newest first; the next page's cursor in x-next-cursor",
        tags: ['players'],
        params: playerPageParamSchema,
        querystring: playerPageCommentsQuerySchema,
        response: { 200: playerPageCommentsReplySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const page = await getPlayerPageComments(db, request.params.id, await accessOf(request), request.query);
      if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );
};
