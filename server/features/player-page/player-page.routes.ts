import type { FastifyRequest } from 'fastify';
import type { FeatureRoutes } from '../../deps';
import {
  playerPageCommentsQuerySchema,
  playerPageCommentsReplySchema,
  playerPageParamSchema,
  playerPageSchema,
} from '../../../common/schemas/player-page';
import { NEXT_CURSOR_HEADER, errorReplies } from '../../../common/schemas/shared';
import { readUnlessMerged } from '../players/player-merge.service';
import { playerViewerOf } from '../players/player-visibility.service';
import { getPlayerPage, getPlayerPageComments } from './player-page.service';

const refusals = errorReplies(400, 401, 403, 404);

/** Public: anyone reads a player's page, except a members-only one, which needs a confirmed member (or its owner, or an admin). */
export const playerPageRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  const accessOf = (request: FastifyRequest) => playerViewerOf(app, request);

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
    async (request, reply) => {
      const { id } = request.params;
      const page = await readUnlessMerged(db, id, async () => getPlayerPage(db, id, await accessOf(request)));
      // A merged player's page is the kept player's (docs/product.md#merging-players); the client then shows its path.
      return 'found' in page ? page.found : reply.redirect(`/api/players/${page.mergedInto}/page`, 301);
    },
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
