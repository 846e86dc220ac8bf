/**
 * The constraint a PostgreSQL unique violation (SQLSTATE 23505) broke, or null for any other error.
 * Drizzle wraps driver errors, so the chain of causes is walked.
 */
export function uniqueViolation(error: unknown): { constraint: string | null } | null {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return { constraint: typeof constraint === 'string' ? constraint : null };
  }
  return null;
}

/** SQLSTATE classes and codes that mean "the database cannot serve now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // statement timeout (query_canceled)
  '55P03', // lock timeout (lock_not_available)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '53000', // insufficient_resources
]);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres and pg-pool say these in words only.
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let cause = error; cause && chain.length < 10; cause = (cause as { cause?: unknown }).cause) chain.push(cause);
  return chain;
}

/** True when an error says the database is unreachable, overloaded or timed out: a 503, not a 500. */
export function databaseUnavailable(error: unknown): boolean {
  return causes(error).some((cause) => {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof code === 'string' && code.startsWith('08')) return true; // connection_exception class
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
  });
}

/**
 * An error as a log line may carry it: Drizzle's query errors put the statement and its parameters (e-mails,
 * comments, the anonymous flag) in their message, and PostgreSQL's `detail` quotes row values. Kept: the
 * error types, the SQLSTATE or system code, the driver's own message and the stack frames.
 */
export function loggableError(error: unknown): { type: string; message: string; stack: string; code?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const chain = causes(error).filter((cause): cause is Error => cause instanceof Error);
  const innermost = chain[chain.length - 1] ?? error;
  const withheld = chain.some((cause) => 'params' in cause || 'query' in cause);
  const code = chain.map((cause) => (cause as { code?: unknown }).code).find((value) => typeof value === 'string');
  const message = withheld ? `query failed: ${innermost.message}` : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: chain.map((cause) => cause.name).join(' < '),
    message,
    ...(code ? { code } : {}),
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
}
