import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../../db/schema/index';
import { sha256 } from '../../lib/tokens';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { VerifyConfirmReply, VerifyRequestReply } from '../../../common/schemas/verification';
import { addPlayer, playerRow, uniqueEmail, userIdOf } from '../players/players-fixtures';

let t: TestApp;
let nextIp = 1;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each call from its own address unless told, so the per-IP limits only bite where they are tested. */
const freshIp = () => `10.30.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

const post = (app: TestApp, url: string, payload: object, options: { cookie?: string; ip?: string } = {}) =>
  app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.ip ?? freshIp(),
  });

const requestCode = (email: string, options?: { cookie?: string; ip?: string }) =>
  post(t, '/api/verify/request', { email }, options);

const confirm = (email: string, verificationCode: string, options?: { cookie?: string; ip?: string }) =>
  post(t, '/api/verify/confirm', { email, verificationCode }, options);

/** The code from the latest mail to this address. */
function mailedCode(to: string): string {
  const mail = [...t.sentMail].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase());
  const code = /verification code is ([A-Z0-9]+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

async function playerWithCode(overrides: Parameters<typeof addPlayer>[1] = {}) {
  const player = await addPlayer(t.database.db, { firstName: 'Vera', lastName: 'Verify', ...overrides });
  const res = await requestCode(player.email);
  expect(res.statusCode).toBe(200);
  return { player, code: mailedCode(player.email) };
}

/** A wrong code of the right shape: the real one with its first letter changed. */
const wrongCode = (code: string) => (code.startsWith('A') ? 'B' : 'A') + code.slice(1);

describe('POST /api/verify/request', () => {
  it('mails a fresh 8-character code to an unverified player and answers their name (no code outside demo mode)', async () => {
    const player = await addPlayer(t.database.db, { firstName: 'Vera', lastName: 'Verify' });
    const res = await requestCode(player.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ playerName: 'Vera Verify' } satisfies VerifyRequestReply);
    const code = mailedCode(player.email);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const row = await playerRow(t.database.db, player.id);
    // Stored hashed, never as sent, valid for 15 minutes.
    expect(row.verificationToken).toBe(sha256(code));
    expect(row.verificationToken).not.toContain(code);
    const ttl = (row.verificationExpires?.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(row.verificationAttempts).toBe(0);
  });

  it('answers 404 with its message for an unknown or an already verified e-mail, sending nothing', async () => {
    const verified = await addPlayer(t.database.db, { isVerified: true });
    const mailsBefore = t.sentMail.length;
    for (const email of [uniqueEmail('nobody'), verified.email]) {
      const res = await requestCode(email);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'Email not found or account already verified',
        code: 'verification_not_found',
      });
    }
    expect(t.sentMail.length).toBe(mailsBefore);
  });

  it('refuses an invalid e-mail and unknown fields (400)', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: 'a@example.com', playerId: 1 }]) {
      const res = await post(t, '/api/verify/request', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await post(t, '/api/verify/request', { email: 'nope' });
    expect(res.json<{ message: string }>().message).toBe('Please enter a valid email address');
  });

  it('replaces an earlier code: the old one no longer works', async () => {
    const { player, code: first } = await playerWithCode();
    await requestCode(player.email);
    const second = mailedCode(player.email);
    expect(second).not.toBe(first);
    expect((await confirm(player.email, first)).statusCode).toBe(400);
    expect((await confirm(player.email, second)).statusCode).toBe(200);
  });

  it('limits one address to 10 code requests a minute', async () => {
    const ip = freshIp();
    // Different inboxes, so only the address limit applies.
    for (let i = 0; i < 10; i++) {
      const player = await addPlayer(t.database.db);
      expect((await requestCode(player.email, { ip })).statusCode).toBe(200);
    }
    const limited = await requestCode((await addPlayer(t.database.db)).email, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toHaveProperty('message');
    expect((await requestCode((await addPlayer(t.database.db)).email)).statusCode).toBe(200);
  });

  it('mails one inbox at most 5 codes in 30 minutes, whatever addresses ask', async () => {
    const player = await addPlayer(t.database.db);
    const mailsBefore = t.sentMail.filter((m) => m.to === player.email).length;
    for (let i = 0; i < 5; i++) expect((await requestCode(player.email, { ip: freshIp() })).statusCode).toBe(200);
    const flooded = await requestCode(player.email.toUpperCase(), { ip: freshIp() });
    expect(flooded.statusCode).toBe(429);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(25 * 60);
    expect(flooded.json()).toEqual({
      message: expect.stringMatching(/^Too many attempts/) as unknown,
      code: 'rate_limited',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.sentMail.filter((m) => m.to === player.email).length - mailsBefore).toBe(5);
  });
});

describe('POST /api/verify/confirm', () => {
  it('verifies the player with the mailed code (any letter case, spaces ignored) and spends the code', async () => {
    const { player, code } = await playerWithCode({ location: 'Boise, ID', skillLevel: '4.0' });
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`;
    const res = await confirm(player.email, typed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      player: {
        id: player.id,
        firstName: 'Vera',
        lastName: 'Verify',
        location: 'Boise, ID',
        skillLevel: '4.0',
        isVerified: true,
      },
    } satisfies VerifyConfirmReply);
    const row = await playerRow(t.database.db, player.id);
    expect(row).toMatchObject({ isVerified: true, verificationToken: null, verificationExpires: null, userId: null });
    // Verified now: neither a new code nor the spent one is accepted.
    expect((await requestCode(player.email)).statusCode).toBe(404);
    const again = await confirm(player.email, code);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      message: 'Email not found or account already verified',
      code: 'verification_not_found',
    });
  });

  it('links the player to the signed-in caller who has no player yet', async () => {
    const { player, code } = await playerWithCode();
    const email = uniqueEmail('verifier');
    const cookie = await signInAs(t, { email });
    expect((await confirm(player.email, code, { cookie })).statusCode).toBe(200);
    expect((await playerRow(t.database.db, player.id)).userId).toBe(await userIdOf(t.database.db, email));
  });

  it('refuses a signed-in caller whose own e-mail is not confirmed as every other write does, before any code is mailed or checked', async () => {
    const email = uniqueEmail('unconfirmed');
    const cookie = await signInAs(t, { email, emailVerified: false });
    // What the other writes answer this caller (decision 006).
    const otherWrite = await post(t, '/api/players', {}, { cookie });
    expect(otherWrite.statusCode).toBe(403);

    const { player, code } = await playerWithCode();
    const confirmed = await confirm(player.email, code, { cookie });
    expect(confirmed.statusCode).toBe(403);
    expect(confirmed.json()).toEqual(otherWrite.json());
    expect(confirmed.json()).toEqual({
      message: 'Please confirm your e-mail address first',
      code: 'email_unconfirmed',
    });
    expect(await playerRow(t.database.db, player.id)).toMatchObject({
      isVerified: false,
      userId: null,
      verificationAttempts: 0,
    });

    const mailsBefore = t.sentMail.length;
    const requested = await requestCode(player.email, { cookie });
    expect(requested.statusCode).toBe(403);
    expect(requested.json()).toEqual(otherWrite.json());
    expect(t.sentMail.length).toBe(mailsBefore);

    // Once the e-mail is confirmed, the same code verifies the profile and links it.
    await signInAs(t, { email, emailVerified: true });
    expect((await confirm(player.email, code, { cookie })).statusCode).toBe(200);
    expect((await playerRow(t.database.db, player.id)).userId).toBe(await userIdOf(t.database.db, email));
  });

  it('does not link when the caller already has a player, or the player already has a user', async () => {
    const email = uniqueEmail('has-one');
    const cookie = await signInAs(t, { email });
    const userId = await userIdOf(t.database.db, email);
    await addPlayer(t.database.db, { userId });
    const { player, code } = await playerWithCode();
    expect((await confirm(player.email, code, { cookie })).statusCode).toBe(200);
    expect(await playerRow(t.database.db, player.id)).toMatchObject({ isVerified: true, userId: null });

    const ownerEmail = uniqueEmail('owner');
    await signInAs(t, { email: ownerEmail });
    const ownerId = await userIdOf(t.database.db, ownerEmail);
    const owned = await playerWithCode({ userId: ownerId });
    const stranger = await signInAs(t, { email: uniqueEmail('stranger') });
    expect((await confirm(owned.player.email, owned.code, { cookie: stranger })).statusCode).toBe(200);
    expect((await playerRow(t.database.db, owned.player.id)).userId).toBe(ownerId);
  });

  it('refuses a wrong code with 400 and counts the try', async () => {
    const { player, code } = await playerWithCode();
    const res = await confirm(player.email, wrongCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid verification code', code: 'verification_code_invalid' });
    expect(await playerRow(t.database.db, player.id)).toMatchObject({ isVerified: false, verificationAttempts: 1 });
    expect((await confirm(player.email, code)).statusCode).toBe(200);
  });

  it('voids the code after 5 wrong tries: even the right code is then refused', async () => {
    const { player, code } = await playerWithCode();
    for (let i = 0; i < 5; i++) {
      const res = await confirm(player.email, wrongCode(code));
      expect(res.json()).toEqual({ message: 'Invalid verification code', code: 'verification_code_invalid' });
    }
    const right = await confirm(player.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json<{ message: string }>().message).toMatch(/request a new verification code/);
    expect((await playerRow(t.database.db, player.id)).isVerified).toBe(false);
    // A new code starts over.
    await requestCode(player.email);
    expect((await confirm(player.email, mailedCode(player.email))).statusCode).toBe(200);
  });

  it('counts parallel wrong guesses one by one (at most 5 are ever compared)', async () => {
    const { player, code } = await playerWithCode();
    const guesses = await Promise.all(Array.from({ length: 8 }, () => confirm(player.email, wrongCode(code))));
    expect(guesses.every((res) => res.statusCode === 400)).toBe(true);
    expect((await playerRow(t.database.db, player.id)).verificationAttempts).toBe(5);
    expect((await confirm(player.email, code)).statusCode).toBe(400);
  });

  it('refuses an expired code with 400', async () => {
    const { player, code } = await playerWithCode();
    await t.database.db
      .update(players)
      .set({ verificationExpires: new Date(Date.now() - 1000) })
      .where(eq(players.id, player.id));
    const res = await confirm(player.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Verification code has expired', code: 'verification_code_expired' });
    expect((await playerRow(t.database.db, player.id)).isVerified).toBe(false);
  });

  it('refuses when no code was requested (400) and for an unknown e-mail (404)', async () => {
    const player = await addPlayer(t.database.db);
    const none = await confirm(player.email, 'ABCDEFGH');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Invalid verification code', code: 'verification_code_invalid' });
    const unknown = await confirm(uniqueEmail('ghost'), 'ABCDEFGH');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'Email not found or account already verified',
      code: 'verification_not_found',
    });
  });

  it('refuses a short code and a bad e-mail with the docs/product.md#validation-messages messages (400)', async () => {
    const short = await confirm('someone@example.com', 'ABC12');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toBe('Verification code must be at least 6 characters');
    const missing = await post(t, '/api/verify/confirm', { email: 'someone@example.com' });
    expect(missing.json<{ message: string }>().message).toBe('Verification code must be at least 6 characters');
    const badEmail = await confirm('nope', 'ABCDEFGH');
    expect(badEmail.json<{ message: string }>().message).toBe('Please enter a valid email address');
    const extra = await post(t, '/api/verify/confirm', { email: 'a@example.com', verificationCode: 'ABCDEFGH', x: 1 });
    expect(extra.statusCode).toBe(400);
  });
});

describe('verification in DEMO_MODE', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(() => demo.close());

  it('answers the code with the player name, and that code verifies', async () => {
    const player = await addPlayer(demo.database.db, { firstName: 'Demi', lastName: 'Demo' });
    const res = await post(demo, '/api/verify/request', { email: player.email });
    expect(res.statusCode).toBe(200);
    const body = res.json<VerifyRequestReply>();
    expect(body.playerName).toBe('Demi Demo');
    expect(body.verificationCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(demo.sentMail.at(-1)?.text).toContain(body.verificationCode);
    const confirmed = await post(demo, '/api/verify/confirm', {
      email: player.email,
      verificationCode: body.verificationCode ?? '',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<VerifyConfirmReply>().player.isVerified).toBe(true);
  });
});
