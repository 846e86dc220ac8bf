import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { devLoginBodySchema, loginBodySchema, registerBodySchema } from './auth';
import { claimBodySchema } from './claims';
import { createRatingBodySchema } from './ratings';
import { registerPlayerBodySchema, updatePlayerBodySchema } from './players';

/** The first message per field, as the forms show them under their fields (client/lib/form-errors.ts). */
const fieldErrorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

const long = (length: number) => 'x'.repeat(length);

describe('a text past its limit says so, naming the limit (never "is required")', () => {
  const account = { email: 'a@example.com', password: 'Pickle-Ball-2025', firstName: 'Ann', lastName: 'Lee' };
  const player = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'a@example.com',
    skillLevel: '3.0',
    location: 'Austin, TX',
  };
  const developer = { userId: 'dev', password: 'pw' };
  const signIn = { email: 'a@example.com', password: 'pw' };
  const claim = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'a@example.com',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  };

  it.each([
    ['account registration', 'firstName', registerBodySchema, account, 'First name must be at most 100 characters'],
    ['account registration', 'lastName', registerBodySchema, account, 'Last name must be at most 100 characters'],
    ['player registration', 'firstName', registerPlayerBodySchema, player, 'First name must be at most 100 characters'],
    ['player registration', 'lastName', registerPlayerBodySchema, player, 'Last name must be at most 100 characters'],
    ['player registration', 'bio', registerPlayerBodySchema, player, 'Must be at most 2000 characters'],
    ['profile edit', 'firstName', updatePlayerBodySchema, {}, 'First name must be at most 100 characters'],
    ['profile edit', 'bio', updatePlayerBodySchema, {}, 'Must be at most 2000 characters'],
    ['claim', 'firstName', claimBodySchema, claim, 'First name must be at most 100 characters'],
    ['claim', 'lastName', claimBodySchema, claim, 'Last name must be at most 100 characters'],
    ['claim', 'requestMessage', claimBodySchema, claim, 'Must be at most 1000 characters'],
    ['developer sign-in', 'userId', devLoginBodySchema, developer, 'User ID must be at most 200 characters'],
    ['developer sign-in', 'password', devLoginBodySchema, developer, 'Password must be at most 200 characters'],
    ['sign-in', 'password', loginBodySchema, signIn, 'Password must be at most 256 characters'],
  ])('%s: %s of 300 characters or more', (_form, field, schema: z.ZodType, valid: object, message) => {
    const limit = Number(/at most (\d+)/.exec(message)?.[1]);
    expect(fieldErrorsOf(schema, valid)).toEqual({});
    expect(fieldErrorsOf(schema, { ...valid, [field]: long(Math.max(300, limit + 1)) })).toEqual({ [field]: message });
    // At the limit the text is taken.
    expect(fieldErrorsOf(schema, { ...valid, [field]: long(limit) })).toEqual({});
  });

  it('keeps the docs/product.md#validation-messages messages for what is missing', () => {
    expect(fieldErrorsOf(registerBodySchema, { ...account, firstName: '  ' })).toEqual({
      firstName: 'First name is required',
    });
    expect(fieldErrorsOf(registerBodySchema, { ...account, lastName: '' })).toEqual({
      lastName: 'Last name is required',
    });
    expect(fieldErrorsOf(devLoginBodySchema, { userId: ' ', password: 'pw' })).toEqual({
      userId: 'Missing Information: Please enter both user ID and password.',
    });
    expect(fieldErrorsOf(claimBodySchema, { ...claim, firstName: '' })).toEqual({
      firstName: 'Missing information: first name is required',
    });
  });

  it('names the longest player name a rating takes', () => {
    const rating = {
      playerName: long(202),
      playerId: 1,
      serveReturn: 3,
      groundstrokesThirdShot: 3,
      netPlayVolleysDinks: 3,
      movementCourtAwareness: 3,
      mentalPhysicalGame: 3,
      overallRating: 3,
    };
    expect(fieldErrorsOf(createRatingBodySchema, rating)).toEqual({
      playerName: 'Player name must be at most 201 characters',
    });
  });
});
