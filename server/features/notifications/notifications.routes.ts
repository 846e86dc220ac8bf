import type { FeatureRoutes } from '../../deps';
import { schedulePeriodicJob } from '../../lib/periodic-job';
import {
  emailPreferencesBodySchema,
  emailPreferencesSchema,
  markReadBodySchema,
  notificationsQuerySchema,
  notificationsReplySchema,
  unreadCountReplySchema,
  unsubscribeQuerySchema,
  unsubscribeReplySchema,
} from '../../../common/schemas/notifications';
import { errorReplies } from '../../../common/schemas/shared';
import { sendPendingEmails } from './email-outbox.service';
import {
  getEmailPreferences,
  listNotifications,
  markRead,
  readUnsubscribe,
  setEmailPreferences,
  unsubscribe,
} from './notifications.service';
import { onOutboxWake } from './outbox-wake';
import { createDigestSchedule } from './ratings-digest.service';

/** notify() wakes the outbox this long after, so the notice's transaction has committed and a burst sends at once. */
const WAKE_DELAY_MS = 300;
/** How often each instance looks whether this week's digest is due; one instance runs it (its lease). */
const DIGEST_EVERY_MS = 10 * 60_000;

const refusals = errorReplies(400, 401);

/** docs/product.md#notifications: the bell, the e-mail outbox, the weekly digest and unsubscribing. */
export const notificationsRoutes: FeatureRoutes = async (app, { database, env, mailer }) => {
  const { db } = database;
  const outbox = { db, mailer, publicUrl: env.PUBLIC_URL, secret: env.SESSION_SECRET, log: app.log };
  let wakeTimer: NodeJS.Timeout | undefined;
  let sending: Promise<unknown> = Promise.resolve();
  // One send loop at a time per instance; several instances share the outbox through its row locks.
  const sendNow = () => (sending = sending.catch(() => undefined).then(() => sendPendingEmails(outbox)));
  if (env.NOTIFICATION_EMAIL_SECONDS > 0) {
    // The periodic look finds notices whose wake came before their commit, or on another instance.
    schedulePeriodicJob(app, {
      name: 'notification-emails',
      everyMs: env.NOTIFICATION_EMAIL_SECONDS * 1000,
      run: sendNow,
      failureMessage: 'sending notification e-mails failed; the pending ones wait for the next look',
    });
    const stopWaking = onOutboxWake(() => {
      clearTimeout(wakeTimer);
      wakeTimer = setTimeout(
        () => void sendNow().catch((err: unknown) => app.log.warn({ err }, 'outbox wake failed')),
        WAKE_DELAY_MS,
      );
    });
    app.addHook('onClose', async () => {
      stopWaking();
      clearTimeout(wakeTimer);
      await sending.catch(() => undefined);
    });
  }
  if (env.APP_ROLE !== 'api') {
    const digestIfDue = createDigestSchedule(db);
    schedulePeriodicJob(app, {
      name: 'ratings-digest',
      everyMs: DIGEST_EVERY_MS,
      run: () => digestIfDue(new Date()),
      failureMessage: 'the weekly ratings digest failed; it runs again at the next look',
    });
  }
  // A worker instance answers health and metrics only (decision 025).
  if (env.APP_ROLE === 'worker') return;

  // The one-click unsubscribe of RFC 8058 posts a form ("List-Unsubscribe=One-Click"); the token says everything.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'listNotifications',
        summary: 'The caller’s notices, newest first, a page at a time, with the unread count',
        tags: ['notifications'],
        querystring: notificationsQuerySchema,
        response: { 200: notificationsReplySchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await app.authorize.requireActor(request);
      return listNotifications(db, actor.user.id, request.query);
    },
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Mark the caller’s notices read (the given ids, or all); answers the unread count',
        tags: ['notifications'],
        body: markReadBodySchema,
        response: { 200: unreadCountReplySchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await app.authorize.requireActor(request);
      return markRead(db, actor.user.id, request.body);
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getEmailPreferences',
        summary: 'Which kinds of e-mail the caller gets',
        tags: ['notifications'],
        response: { 200: emailPreferencesSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await app.authorize.requireActor(request);
      return getEmailPreferences(db, actor.user.id);
    },
  );

  app.put(
    '/api/notifications/preferences',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'setEmailPreferences',
        summary: 'Switch kinds of e-mail on or off for the caller',
        tags: ['notifications'],
        body: emailPreferencesBodySchema,
        response: { 200: emailPreferencesSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await app.authorize.requireActor(request);
      return setEmailPreferences(db, actor.user.id, request.body);
    },
  );

  app.get(
    '/api/notifications/unsubscribe',
    {
      schema: {
        operationId: 'readUnsubscribeLink',
        summary: 'What an e-mail’s unsubscribe link switches off; changes nothing',
        tags: ['notifications'],
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeReplySchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => readUnsubscribe(db, env.SESSION_SECRET, request.query.token),
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      // Posted by mail clients from anywhere (RFC 8058); no cookie is read, the signed token is the authority.
      config: { crossSite: true },
      schema: {
        operationId: 'unsubscribe',
        summary: 'Switch off the kind of e-mail an unsubscribe link names, signed out (one-click, RFC 8058)',
        tags: ['notifications'],
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeReplySchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => unsubscribe(db, env.SESSION_SECRET, request.query.token),
  );
};
