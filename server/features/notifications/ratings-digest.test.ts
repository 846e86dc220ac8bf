import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import type { Mailer } from '../../lib/mailer';
import { signInAs } from '../../test/sign-in';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPlayer, postRating, ratingBody, uniqueEmail, userIdOf } from '../ratings/ratings-fixtures';
import { sendPendingEmails } from './email-outbox.service';
import { digestWeek, runRatingsDigest } from './ratings-digest.service';

/*
 * docs/product.md#notifications: the weekly digest of new ratings about you. One notice per person per week, and one
 * e-mail per person even when the sender dies between two sends and another run picks up.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // The app's own sender is off: this file drives the outbox by hand, with a mailer that dies.
  t = await createTestApp({ NOTIFICATION_EMAIL_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const log = { warn: () => undefined } as unknown as Parameters<typeof sendPendingEmails>[0]['log'];
const outbox = (mailer: Mailer) => ({
  db: t.database.db,
  mailer,
  publicUrl: t.env.PUBLIC_URL,
  secret: t.env.SESSION_SECRET,
  log,
});

function smtpMailer(): Mailer {
  const transport = nodemailer.createTransport(smtp.url);
  return { send: async (mail) => void (await transport.sendMail({ from: 'test@example.com', ...mail })) };
}

/** Sends its first mail, then dies as a crashed process would: the call never returns, nothing after it runs. */
function mailerThatDiesAfterOneSend(): Mailer {
  const real = smtpMailer();
  let sent = 0;
  return {
    send: async (mail) => {
      await real.send(mail);
      sent += 1;
      if (sent === 1) await new Promise(() => undefined);
    },
  };
}

async function ratedOwner(name: string, ratings: number) {
  const email = uniqueEmail(name);
  await signInAs(t, { email, firstName: name });
  const player = await createPlayer(t, { userId: await userIdOf(t, email), firstName: name });
  for (let i = 0; i < ratings; i += 1) {
    const rater = await signInAs(t, { email: uniqueEmail(`rater${i}`) });
    const res = await postRating(t, rater, ratingBody(player.id, { playerName: `${name} Dinker` }));
    expect(res.statusCode, res.body).toBe(201);
  }
  return { email, userId: await userIdOf(t, email) };
}

describe('the weekly ratings digest', () => {
  it('adds one notice per rated person for last week, only its count, and nothing on a second run', async () => {
    const owners = [await ratedOwner('Ola', 2), await ratedOwner('Pia', 1), await ratedOwner('Quin', 1)];
    // An unlinked player's ratings tell nobody.
    await postRating(t, await signInAs(t, { email: uniqueEmail('r') }), ratingBody((await createPlayer(t)).id));
    const nextWeek = new Date(Date.now() + WEEK_MS);

    expect(await runRatingsDigest(t.database.db, nextWeek)).toBe(3);
    expect(await runRatingsDigest(t.database.db, nextWeek)).toBe(0);
    const [ola] = await t.database.db.select().from(notifications).where(eq(notifications.userId, owners[0].userId));
    expect(ola).toMatchObject({
      kind: 'ratings-digest',
      title: '2 new ratings about you last week',
      link: '/?tab=ratings-about-me',
      dedupeKey: digestWeek(nextWeek).key,
      emailStatus: 'pending',
    });
    // This week's digest is not due yet: its ratings are told next week.
    expect(await runRatingsDigest(t.database.db, new Date())).toBe(0);

    // The sender dies right after the first e-mail left, before marking it sent; another run picks up.
    void sendPendingEmails(outbox(mailerThatDiesAfterOneSend()));
    await smtp.waitForMail(() => true);
    expect(await sendPendingEmails(outbox(smtpMailer()))).toBe(2);
    expect(await runRatingsDigest(t.database.db, nextWeek)).toBe(0);
    expect(await sendPendingEmails(outbox(smtpMailer()))).toBe(0);

    const received = owners.map(
      (owner) =>
        smtp.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === owner.email.toLowerCase())).length,
    );
    expect(received).toEqual([1, 1, 1]);
    expect(smtp.messages).toHaveLength(3);
  });
});
