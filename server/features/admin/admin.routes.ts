import type { FeatureRoutes } from '../../deps';
import {
  adminListQuerySchema,
  adminPlayersReplySchema,
  adminUsersReplySchema,
  bulkImportBodySchema,
  bulkImportReplySchema,
  emailSignupsReplySchema,
} from '../../../common/schemas/admin';
import { errorReplySchema } from '../../../common/schemas/shared';
import { getAdminPlayers, getAdminUsers, getEmailSignups } from './admin.service';
import { importPlayers } from './bulk-import.service';

const refusals = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema };

/** 5,000 rows of up to about 2.7 kB each, far above the app's default body limit. */
const BULK_IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Validated row by row in the service, so one bad row never fails the others. */
export const BULK_IMPORT_PATH = '/api/players/bulk';

export const adminRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listAdminUsers',
        summary: 'List user accounts, optionally filtered by a search text (admin)',
        tags: ['admin'],
        querystring: adminListQuerySchema,
        response: { 200: adminUsersReplySchema, ...refusals },
      },
    },
    async (request) => getAdminUsers(db, request.query.q),
  );

  app.get(
    '/api/admin/players',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listAdminPlayers',
        summary: 'List players, optionally filtered by a search text (admin)',
        tags: ['admin'],
        querystring: adminListQuerySchema,
        response: { 200: adminPlayersReplySchema, ...refusals },
      },
    },
    async (request) => getAdminPlayers(db, request.query.q),
  );

  app.get(
    '/api/admin/email-signups',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listEmailSignups',
        summary: 'List the addresses signed up for launch updates (admin)',
        tags: ['admin'],
        response: { 200: emailSignupsReplySchema, ...refusals },
      },
    },
    async () => getEmailSignups(db),
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
