import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler } from './reply-serializer';

const player = z.object({
  id: z.number().int(),
  name: z.string(),
  userId: z.string().nullable(),
  averages: z.object({ overall: z.number(), count: z.number().int() }).nullable(),
  comments: z.array(z.object({ rating: z.number(), comment: z.string(), createdAt: z.iso.datetime() })),
  existingRatingId: z.number().int().optional(),
});

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });
const fastOnly = (schema: z.ZodType) => replySerializerCompiler({ verify: false })(route(schema));
const verified = (schema: z.ZodType) => replySerializerCompiler({ verify: true })(route(schema));

describe('reply serializer', () => {
  const reply = {
    id: 7,
    name: 'Ana Núñez "the wall"',
    userId: null,
    averages: { overall: 4.5, count: 2 },
    comments: [{ rating: 5, comment: 'Great hands\nat the net', createdAt: '2026-11-23T10:00:00.000Z' }],
  };

  it('writes what zod would, nullable objects and optional fields included', () => {
    expect(JSON.parse(fastOnly(player)(reply))).toEqual(player.parse(reply));
    const bare = { ...reply, averages: null, comments: [], existingRatingId: 12 };
    expect(JSON.parse(fastOnly(player)(bare))).toEqual(bare);
  });

  it('writes only declared fields, so nothing undeclared leaks', () => {
    const withSecrets = {
      ...reply,
      email: 'ana@example.com',
      passwordHash: 'x',
      averages: { ...reply.averages, raw: 1 },
    };
    const written = fastOnly(player)(withSecrets);
    expect(written).not.toContain('ana@example.com');
    expect(written).not.toContain('passwordHash');
    expect(JSON.parse(written)).toEqual(player.parse(reply));
  });

  it('refuses a reply that breaks its schema when verifying, as zod does', () => {
    expect(() => verified(player)({ ...reply, name: 42 })).toThrow();
    expect(verified(player)(reply)).toBe(fastOnly(player)(reply));
  });

  it("keeps zod's serializer for a schema JSON Schema cannot express", () => {
    const dated = z.object({ at: z.date() });
    expect(fastOnly(dated)({ at: new Date('2026-11-23T10:00:00Z'), extra: 1 })).toBe(
      '{"at":"2026-11-23T10:00:00.000Z"}',
    );
  });
});
