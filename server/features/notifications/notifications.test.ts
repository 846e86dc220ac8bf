import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { NotificationsReply, UnsubscribeReply } from '../../../common/schemas/notifications';
import { addPlayer, uniqueEmail, userIdOf } from '../players/players-fixtures';
import { notify } from './notifications.service';
import { unsubscribeToken } from './unsubscribe-token';

/*
 * docs/product.md#notifications as its callers meet it: the bell's list and marks, the e-mail each notice sends
 * through a real SMTP server (with its unsubscribe headers), the switches, and the signed-out unsubscribe link.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let adminCookie: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  adminCookie = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Member = { email: string; cookie: string; id: string };

async function member(name: string): Promise<Member> {
  const email = uniqueEmail(name);
  const cookie = await signInAs(t, { email, firstName: name });
  return { email, cookie, id: await userIdOf(t.database.db, email) };
}

const notice = (userId: string, title: string, kind: 'reply' | 'rating-decision' = 'reply') => ({
  userId,
  kind,
  title,
  body: `${title}: the body`,
  link: '/?tab=my-ratings',
  dedupeKey: `test:${title}`,
});

const list = (cookie?: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: cookie ? { cookie } : {} });
const markRead = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/read', payload, headers: cookie ? { cookie } : {} });
const preferences = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: cookie ? { cookie } : {} });
const setPreferences = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', payload, headers: cookie ? { cookie } : {} });

const sentTo = (mail: { to: string[] }, address: string) =>
  mail.to.some((to) => to.toLowerCase() === address.toLowerCase());
const mailTo = (address: string) => smtp.messages.filter((mail) => sentTo(mail, address));
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim();

describe('GET /api/notifications and POST /api/notifications/read', () => {
  it('refuses a signed-out caller (401)', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await markRead(undefined, {})).statusCode).toBe(401);
  });

  it('lists only the caller’s notices, newest first, paged, with the unread count', async () => {
    const ann = await member('Ann');
    const bob = await member('Bob');
    await notify(t.database.db, notice(ann.id, 'first'), notice(ann.id, 'second'), notice(ann.id, 'third'));
    await notify(t.database.db, notice(bob.id, 'bobs'));

    const page1 = await list(ann.cookie, '?limit=2');
    expect(page1.statusCode).toBe(200);
    const first = page1.json<NotificationsReply>();
    expect(first.items.map((item) => item.title)).toEqual(['third', 'second']);
    expect(first.unreadCount).toBe(3);
    expect(first.items[0]).toMatchObject({ kind: 'reply', link: '/?tab=my-ratings', readAt: null });
    const page2 = (await list(ann.cookie, `?limit=2&cursor=${first.nextCursor}`)).json<NotificationsReply>();
    expect(page2.items.map((item) => item.title)).toEqual(['first']);
    expect(page2.nextCursor).toBeNull();
    expect((await list(ann.cookie, '?cursor=forged')).statusCode).toBe(400);

    const bobs = (await list(bob.cookie)).json<NotificationsReply>();
    expect(bobs.items.map((item) => item.title)).toEqual(['bobs']);
  });

  it('marks the given notices, or all, read; another member cannot mark yours', async () => {
    const cam = await member('Cam');
    const dee = await member('Dee');
    await notify(t.database.db, notice(cam.id, 'c1'), notice(cam.id, 'c2'), notice(cam.id, 'c3'));
    const ids = (await list(cam.cookie)).json<NotificationsReply>().items.map((item) => item.id);

    const byOther = await markRead(dee.cookie, { ids });
    expect(byOther.statusCode).toBe(200);
    expect(byOther.json()).toEqual({ unreadCount: 0 });
    expect((await list(cam.cookie)).json<NotificationsReply>().unreadCount).toBe(3);

    const one = await markRead(cam.cookie, { ids: [ids[0]] });
    expect(one.json()).toEqual({ unreadCount: 2 });
    const after = (await list(cam.cookie)).json<NotificationsReply>();
    expect(after.items.find((item) => item.id === ids[0])?.readAt).not.toBeNull();

    expect((await markRead(cam.cookie, {})).json()).toEqual({ unreadCount: 0 });
    expect((await markRead(cam.cookie, { ids: ['x'] })).statusCode).toBe(400);
  });
});

describe('the e-mail outbox', () => {
  it('e-mails a notice at once with the RFC 8058 unsubscribe headers and a visible link', async () => {
    const eve = await member('Eve');
    await notify(t.database.db, notice(eve.id, 'A player replied to your rating'));
    const mail = await smtp.waitForMail((m) => sentTo(m, eve.email));
    expect(mail.subject).toBe('A player replied to your rating');
    const listUnsubscribe = header(mail.raw, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(
      /^<http:\/\/localhost:5000\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_-]+\.[0-9a-f]{64}>$/,
    );
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(/Unsubscribe from these e-mails: http:\/\/localhost:5000\/unsubscribe\?token=\S+/);
    const statusOf = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, eve.id)))[0].emailStatus;
    await expect.poll(statusOf).toBe('sent');
  });

  it('does not e-mail a kind the person switched off, but still shows it under the bell', async () => {
    const fay = await member('Fay');
    const res = await setPreferences(fay.cookie, { emails: { reply: false } });
    expect(res.statusCode).toBe(200);
    await notify(t.database.db, notice(fay.id, 'silent reply'), notice(fay.id, 'loud decision', 'rating-decision'));
    await smtp.waitForMail((m) => sentTo(m, fay.email) && m.subject === 'loud decision');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailTo(fay.email).map((m) => m.subject)).toEqual(['loud decision']);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, fay.id));
    expect(rows.find((row) => row.title === 'silent reply')?.emailStatus).toBe('skipped');
    expect((await list(fay.cookie)).json<NotificationsReply>().items).toHaveLength(2);
  });
});

describe('GET and PUT /api/notifications/preferences', () => {
  it('refuses a signed-out caller (401)', async () => {
    expect((await preferences()).statusCode).toBe(401);
    expect((await setPreferences(undefined, { emails: { reply: false } })).statusCode).toBe(401);
  });

  it('starts with every kind on, switches the given kinds, and keeps each member’s own', async () => {
    const gil = await member('Gil');
    const hal = await member('Hal');
    expect(Object.values((await preferences(gil.cookie)).json<{ emails: object }>().emails)).toEqual(
      Array(6).fill(true),
    );
    const res = await setPreferences(gil.cookie, { emails: { 'ratings-digest': false, reply: false } });
    expect(res.json<{ emails: Record<string, boolean> }>().emails).toMatchObject({
      'ratings-digest': false,
      reply: false,
      'claim-decision': true,
    });
    await setPreferences(gil.cookie, { emails: { reply: true } });
    expect((await preferences(gil.cookie)).json<{ emails: Record<string, boolean> }>().emails).toMatchObject({
      'ratings-digest': false,
      reply: true,
    });
    expect((await preferences(hal.cookie)).json<{ emails: Record<string, boolean> }>().emails['ratings-digest']).toBe(
      true,
    );
    expect((await setPreferences(gil.cookie, { emails: { nonsense: false } })).statusCode).toBe(400);
  });
});

describe('unsubscribing by link, signed out', () => {
  it('shows what the link switches off without changing it, then the one-click POST switches it off', async () => {
    const ivy = await member('Ivy');
    await notify(t.database.db, notice(ivy.id, 'mail for ivy'));
    const mail = await smtp.waitForMail((m) => sentTo(m, ivy.email));
    const oneClick = header(mail.raw, 'List-Unsubscribe')!.slice(1, -1);
    const path = new URL(oneClick).pathname + new URL(oneClick).search;

    const looked = await t.app.inject({ method: 'GET', url: path });
    expect(looked.statusCode).toBe(200);
    expect(looked.json<UnsubscribeReply>()).toEqual({
      kind: 'reply',
      label: 'A player replied to your rating',
      unsubscribed: false,
    });
    expect((await preferences(ivy.cookie)).json<{ emails: Record<string, boolean> }>().emails.reply).toBe(true);

    // As a mail provider posts it (RFC 8058): a form body, from another site, with no cookie.
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json<UnsubscribeReply>().unsubscribed).toBe(true);
    expect((await preferences(ivy.cookie)).json<{ emails: Record<string, boolean> }>().emails.reply).toBe(false);
  });

  it('refuses a forged, altered or malformed token (400) and changes nothing', async () => {
    const jay = await member('Jay');
    const forged = unsubscribeToken('another-secret-that-is-long-enough-000', { userId: jay.id, kind: 'reply' });
    const genuine = unsubscribeToken(t.env.SESSION_SECRET, { userId: jay.id, kind: 'reply' });
    const [payload, signature] = genuine.split('.');
    const otherKind = Buffer.from(`${jay.id}:rating-decision`).toString('base64url');
    for (const token of [forged, `${otherKind}.${signature}`, `${payload}.`, 'garbage', `${payload}.${signature}.x`]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/notifications/unsubscribe?token=${token}` });
        expect(res.statusCode, `${method} ${token}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'unsubscribe_token_invalid' });
      }
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' })).statusCode).toBe(400);
    expect(Object.values((await preferences(jay.cookie)).json<{ emails: object }>().emails)).toEqual(
      Array(6).fill(true),
    );
  });
});

describe('a claim decision notifies the claimant', () => {
  it('tells the claimant once, in the app and by e-mail', async () => {
    const kim = await member('Kim');
    const player = await addPlayer(t.database.db, { firstName: 'Kim', lastName: 'Claimed' });
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/players/${player.id}/match-request`,
      headers: { cookie: kim.cookie },
      payload: {
        firstName: 'Kim',
        lastName: 'Claimed',
        email: 'kim@example.com',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        requestMessage: 'This is me.',
      },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const requestId = claimed.json<{ request: { id: number } }>().request.id;
    const reviewed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/match-requests/${requestId}/review`,
      headers: { cookie: adminCookie },
      payload: { action: 'approve' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const items = (await list(kim.cookie)).json<NotificationsReply>().items;
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'claim-decision',
        title: 'Your player claim was approved',
        link: '/?tab=ratings-about-me',
      }),
    ]);
    const mail = await smtp.waitForMail((m) => sentTo(m, kim.email));
    expect(mail.subject).toBe('Your player claim was approved');
  });
});
