import type { FeatureRoutes } from '../../deps';
import {
  newPlayerLimitReplySchema,
  playerDetailSchema,
  playerIdParamSchema,
  playerSearchQuerySchema,
  playerSearchReplySchema,
  registerPlayerBodySchema,
  registerPlayerReplySchema,
  updatePlayerBodySchema,
  updatePlayerReplySchema,
} from '../../../common/schemas/players';
import { errorReplySchema } from '../../../common/schemas/shared';
import { backfillPlayerCoordinates } from './coordinates-backfill.service';
import { backfillPlayerPlaces } from './places-backfill.service';
import { readUnlessMerged } from './player-merge.service';
import { getPlayerDetail, registerPlayer, searchPlayersFor, updatePlayer } from './players.service';
import { playerViewerOf } from './player-visibility.service';

export const playersRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  // Players saved before coordinates, then place parts, existed get them once, in the background: the server
  // answers at once, and the search near a place finds them (and their pages show "City, ST") as the batches land.
  let closing = false;
  let backfill: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    backfill = backfillPlayerCoordinates(db, () => closing)
      .then((placed) => placed > 0 && app.log.info({ placed }, 'player coordinates backfilled'))
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'player coordinates backfill failed; retried at next start'),
      )
      .then(() => backfillPlayerPlaces(db, () => closing))
      .then((placed) => placed > 0 && app.log.info({ placed }, 'player places backfilled'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'player places backfill failed; retried at next start'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await backfill;
  });

  // Public (docs/product.md#search-rules: anonymous visitors search players); a signed-in caller also learns what they rated.
  app.get(
    '/api/players/search',
    {
      schema: {
        operationId: 'searchPlayers',
        summary: 'Search players by name or location, or near a place (a ZIP or "City, ST") within a radius',
        tags: ['players'],
        querystring: playerSearchQuerySchema,
        response: { 200: playerSearchReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => searchPlayersFor(db, request.query, await playerViewerOf(app, request)),
  );

  app.get(
    '/api/players/:id',
    {
      schema: {
        operationId: 'getPlayer',
        summary: "One player's profile",
        tags: ['players'],
        params: playerIdParamSchema,
        // 401 (signed out) and 403 (e-mail unconfirmed): a members-only player (docs/product.md#visibility).
        response: {
          200: playerDetailSchema,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const player = await readUnlessMerged(db, id, async () =>
        getPlayerDetail(db, id, await playerViewerOf(app, request)),
      );
      // A merged player's calls lead to the kept player's (docs/product.md#merging-players).
      return 'found' in player ? player.found : reply.redirect(`/api/players/${player.mergedInto}`, 301);
    },
  );

  // The player's own user with a proven e-mail (decision 006), or any admin identity, an admin token
  // included; no single access level of the guard says that, so this route checks it itself, in onRequest
  // like the guard, before the body is read.
  app.put(
    '/api/players/:id',
    {
      onRequest: async (request) => {
        if (!(await app.authorize.isAdmin(request))) await app.authorize.requireConfirmedActor(request);
      },
      schema: {
        operationId: 'updatePlayer',
        summary: 'Edit a player profile: your own, or any as an admin',
        tags: ['players'],
        params: playerIdParamSchema,
        body: updatePlayerBodySchema,
        response: {
          200: updatePlayerReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request) => {
      const actor = await app.authorize.optionalActor(request);
      const isAdmin = await app.authorize.isAdmin(request);
      return updatePlayer(db, { userId: actor?.user.id ?? null, isAdmin }, request.params.id, request.body);
    },
  );

  app.post(
    '/api/players',
    {
      config: { access: 'confirmed' },
      schema: {
        operationId: 'registerPlayer',
        summary: 'Register your player profile, or link an existing one',
        tags: ['players'],
        body: registerPlayerBodySchema,
        response: {
          201: registerPlayerReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          429: newPlayerLimitReplySchema,
        },
      },
    },
    async (request, reply) => {
      const actor = await app.authorize.requireActor(request);
      return reply.status(201).send(await registerPlayer(db, actor, request.body));
    },
  );
};
