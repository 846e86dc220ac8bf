import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenHeaders } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { EmailSignupsReply } from '../../../common/schemas/admin';

const SUCCESS = { message: "Success! You've been added to our updates list." };

describe('POST /api/email-signup', () => {
  let t: TestApp;
  let tokenHeaders: Record<string, string>;
  let nextIp = 1;

  beforeAll(async () => {
    t = await createTestApp();
    tokenHeaders = await adminTokenHeaders(t);
  });
  afterAll(() => t.close());

  /** Each test signs up from its own address, so the per-IP limit only bites where it is tested. */
  const freshIp = () => `10.20.0.${nextIp++}`;
  const signUp = (payload: unknown, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/email-signup', payload: payload as object, remoteAddress });

  async function listedEmails() {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/email-signups', headers: tokenHeaders });
    return res.json<EmailSignupsReply>().emailSignups.map((signup) => signup.email);
  }

  it('adds a visitor without an account (public) and answers 201', async () => {
    const res = await signUp({ email: '  new.visitor@example.com ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(SUCCESS);
    expect(await listedEmails()).toContain('new.visitor@example.com');
  });

  it('answers the same the second time and keeps one row, whatever the letter case', async () => {
    const first = await signUp({ email: 'twice@example.com' });
    const second = await signUp({ email: 'twice@example.com' });
    const third = await signUp({ email: 'TWICE@Example.com' });
    for (const res of [first, second, third]) {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(SUCCESS);
    }
    const emails = await listedEmails();
    expect(emails.filter((email) => email.toLowerCase() === 'twice@example.com')).toEqual(['twice@example.com']);
  });

  it('refuses a missing or invalid e-mail with the validation message, storing nothing', async () => {
    const before = await listedEmails();
    for (const payload of [
      {},
      { email: '' },
      { email: 'not-an-email' },
      { email: 42 },
      { email: `${'a'.repeat(250)}@x.com` },
    ]) {
      const res = await signUp(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please enter a valid email address',
        code: 'validation_failed',
        errors: [{ path: 'email', message: 'Please enter a valid email address' }],
      });
    }
    expect(await listedEmails()).toEqual(before);
  });

  it('refuses fields other than the e-mail', async () => {
    const res = await signUp({ email: 'extra-field@example.com', name: 'Extra' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Unknown field: name',
      code: 'validation_failed',
      errors: [{ path: 'name', message: 'Unknown field: name' }],
    });
    expect(await listedEmails()).not.toContain('extra-field@example.com');
  });

  it('limits one client address to 20 signups a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await signUp({ email: `burst${i}@example.com` }, ip)).statusCode).toBe(201);
    }
    const limited = await signUp({ email: 'burst-over@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).not.toBe('');
    expect(await listedEmails()).not.toContain('burst-over@example.com');
    // Another address is not affected.
    expect((await signUp({ email: 'other-ip@example.com' })).statusCode).toBe(201);
  });
});
