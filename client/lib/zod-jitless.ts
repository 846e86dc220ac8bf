// Our CSP has no 'unsafe-eval': zod's compiled parsers (new Function) would be refused and each attempt
// reported as a CSP violation, so the client parses with the interpreter. zod keeps its settings on
// globalThis.__zod_globalConfig, shared by every copy and kept if already set (zod/v4/core core.js); setting it
// here, before any schema loads, keeps zod itself off the landing page. zod-jitless.test.ts checks zod reads it.
const holder = globalThis as unknown as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
