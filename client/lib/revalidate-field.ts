import type { z } from 'zod';
import { validate } from './form-errors';

/**
 * The errors to show once the user changed `field` to give `values`. A field that shows an error is checked
 * again as it is edited, so a fixed field loses its message at once (and a half-fixed one shows what is still
 * wrong); a field without an error stays quiet until the next submit. A server's message on the field (an
 * e-mail already taken) goes too: the value it was about has changed.
 */
export function revalidateField<S extends z.ZodType>(
  schema: S,
  values: unknown,
  errors: Record<string, string>,
  field: string,
): Record<string, string> {
  if (!(field in errors)) return errors;
  const { [field]: _previous, ...others } = errors;
  const fresh = validate(schema, values).errors?.[field];
  return fresh ? { ...others, [field]: fresh } : others;
}
