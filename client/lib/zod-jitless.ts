import { config } from 'zod/v4/core';

// Our CSP has no 'unsafe-eval': zod's compiled parsers (new Function) would be refused and each attempt
// reported as a CSP violation, so the client parses with the interpreter. Imported first by main.tsx; from the
// core entry, so the landing page does not load all of zod to set a flag.
config({ jitless: true });
