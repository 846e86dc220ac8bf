import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FeatureRoutes } from '../../deps';
import { takeOrRefuse } from '../../lib/limit-refusal';
import {
  accountExportSchema,
  adminEraseBodySchema,
  deleteAccountBodySchema,
  erasureReplySchema,
  userIdParamSchema,
} from '../../../common/schemas/account';
import { errorReplies, errorReplySchema } from '../../../common/schemas/shared';
import {
  deleteOwnAccount,
  eraseUserByAdmin,
  exportOwnData,
  exportUserData,
  type AccountDeps,
  type DataExport,
} from './account.service';

const refusals = errorReplies(400, 401, 403, 404, 409, 429);

/** Wrong passwords an account may try at deleting itself: a stolen session cannot guess its way to an erasure. */
const DELETE_TRIES = { max: 5, windowMs: 15 * 60_000 };

/**
 * The file as a download, written as it is read (the busiest rater's is megabytes). The answer's schema documents
 * it; the service picks every field, so nothing undeclared is written though the serializer does not see it.
 */
function sendExport(reply: FastifyReply, file: DataExport) {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(Readable.from(file.chunks));
}

/** docs/product.md#your-data: the export and the erasure, the person's own and, for admins, anyone's. */
export const accountRoutes: FeatureRoutes = async (app, { database, mailer, limitStore }) => {
  const deps = (log: AccountDeps['log']): AccountDeps => ({ db: database.db, mailer, log });

  app.get(
    '/api/auth/user/export',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'exportMyData',
        summary: 'Everything about the signed-in person, as a JSON file to download',
        tags: ['account'],
        response: { 200: accountExportSchema, 401: errorReplySchema },
      },
    },
    async (request, reply) => {
      const actor = await app.authorize.requireActor(request);
      return sendExport(reply, await exportOwnData(deps(request.log), actor.user));
    },
  );

  app.delete(
    '/api/auth/user',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'deleteMyAccount',
        summary: 'Erase the signed-in account: its ratings, votes, sessions and every row naming it; signs out',
        tags: ['account'],
        body: deleteAccountBodySchema,
        response: { 200: erasureReplySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await app.authorize.requireActor(request);
      await takeOrRefuse(limitStore, reply, [{ key: `account-delete:${actor.user.id}`, ...DELETE_TRIES }]);
      const sessionStartedAt = request.session?.data.createdAt ?? 0;
      const result = await deleteOwnAccount(deps(request.log), { user: actor.user, sessionStartedAt }, request.body);
      // Its rows are gone; no instance may keep serving one of its sessions from a cache either.
      app.forgetSessionsOfUser(actor.user.id);
      await app.endSession(request, reply);
      return result;
    },
  );

  app.get(
    '/api/admin/users/:id/export',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'exportUserData',
        summary: "Everything about one account, as a JSON file to download (admin; recorded with the admin's name)",
        tags: ['admin'],
        params: userIdParamSchema,
        response: { 200: accountExportSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const admin = await app.authorize.requireAdmin(request);
      return sendExport(reply, await exportUserData(deps(request.log), admin, request.params.id));
    },
  );

  app.post(
    '/api/admin/users/:id/erase',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'eraseUser',
        summary: "Erase another account as its owner could (admin; recorded with the admin's name)",
        tags: ['admin'],
        params: userIdParamSchema,
        body: adminEraseBodySchema,
        response: { 200: erasureReplySchema, ...refusals },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      const result = await eraseUserByAdmin(deps(request.log), admin, request.params.id, request.body);
      app.forgetSessionsOfUser(request.params.id);
      return result;
    },
  );
};
