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
