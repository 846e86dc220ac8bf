import type { z } from 'zod';

/** The first message per top-level field of a failed zod parse: `{ email: 'Please enter a valid email address' }`. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}

/** Validates `input` with `schema`: the parsed data, or the field errors. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: Record<string, string> } {
  const result = schema.safeParse(input);
  return result.success ? { data: result.data, errors: null } : { data: null, errors: zodFieldErrors(result.error) };
}
