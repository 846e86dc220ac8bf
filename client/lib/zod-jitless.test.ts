import { describe, expect, it } from 'vitest';

describe('zod without code generation', () => {
  it('is configured before zod loads, and zod parses without new Function', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);

    const original = globalThis.Function;
    let generated = 0;
    globalThis.Function = new Proxy(original, {
      construct: (target, args: string[]) => {
        generated++;
        return new target(...args);
      },
    });
    try {
      const schema = z.object({ name: z.string(), age: z.number() });
      for (let i = 0; i < 3; i++) expect(schema.parse({ name: 'Ana', age: 30 })).toEqual({ name: 'Ana', age: 30 });
    } finally {
      globalThis.Function = original;
    }
    expect(generated).toBe(0);
  });
});
