import type { FastifyReply } from 'fastify';
import type { FeatureRoutes } from '../../deps';
import {
  adminPageQuerySchema,
  adminPlayersReplySchema,
  adminUsersReplySchema,
  bulkImportBodySchema,
  bulkImportReplySchema,
  emailSignupsReplySchema,
} from '../../../common/schemas/admin';
import { NEXT_CURSOR_HEADER, errorReplies, errorReplySchema } from '../../../common/schemas/shared';
import { getAdminPlayers, getAdminUsers, getEmailSignups, type Paged } from './admin.service';
import { importPlayers } from './bulk-import.service';
import { adminPlayerRatingsRoutes } from './player-ratings.routes';

const refusals = errorReplies(400, 401, 403);

/** 5,000 rows of up to about 2.7 kB each, far above the app's default body limit. */
const BULK_IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Validated row by row in the service, so one bad row never fails the others. */
export const BULK_IMPORT_PATH = '/api/players/bulk';

/** The page's rows as the body; the next page's cursor, if any, in x-next-cursor. */
function sendPage<Reply>(reply: FastifyReply, page: Paged<Reply>): Reply {
  if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.reply;
}

export const adminRoutes: FeatureRoutes = async (app, deps) => {
  const { db } = deps.database;
  await adminPlayerRatingsRoutes(app, deps);

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listAdminUsers',
        summary: 'A page of user accounts, newest first, optionally filtered by a search text (admin)',
        tags: ['admin'],
        querystring: adminPageQuerySchema,
        response: { 200: adminUsersReplySchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await getAdminUsers(db, request.query)),
  );

  app.get(
    '/api/admin/players',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listAdminPlayers',
        summary: 'A page of players, newest first, optionally filtered by a search text (admin)',
        tags: ['admin'],
        querystring: adminPageQuerySchema,
        response: { 200: adminPlayersReplySchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await getAdminPlayers(db, request.query)),
  );

  app.get(
    '/api/admin/email-signups',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listEmailSignups',
        summary: 'A page of the addresses signed up for launch updates, newest first, optionally filtered (admin)',
        tags: ['admin'],
        querystring: adminPageQuerySchema,
        response: { 200: emailSignupsReplySchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await getEmailSignups(db, request.query)),
  );

  app.post(
    BULK_IMPORT_PATH,
    {
      bodyLimit: BULK_IMPORT_BODY_LIMIT,
      config: { access: 'admin' },
      schema: {
        operationId: 'bulkImportPlayers',
        summary: 'Import many players at once, each row answered on its own (admin)',
        tags: ['admin'],
        body: bulkImportBodySchema,
        response: { 200: bulkImportReplySchema, ...refusals, 413: errorReplySchema },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return importPlayers(db, request.body.players, admin.label);
    },
  );
};
