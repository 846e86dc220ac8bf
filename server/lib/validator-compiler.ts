import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { controlCharacterMessage, findControlCharacter } from '../../common/control-characters';
import { badRequest } from './app-error';

const CHECKED_PARTS = new Set(['body', 'querystring', 'params']);

/**
 * The zod validator, behind one rule for every route: no text field carries a control character (a NUL
 * reached PostgreSQL and answered 500). The answer is a 400 naming the field. `rowByRow` routes validate
 * their rows themselves, so one bad row is reported without failing the others (bulk import).
 */
export function validatorCompiler(options: { rowByRow: string[] }): FastifySchemaCompiler<$ZodType> {
  const rowByRow = new Set(options.rowByRow);
  return (route) => {
    const validate = zodValidatorCompiler(route);
    if (!CHECKED_PARTS.has(route.httpPart ?? '') || rowByRow.has(route.url)) return validate;
    return (data) => {
      const field = findControlCharacter(data);
      if (field) {
        const message = controlCharacterMessage(field);
        return { error: badRequest(message, 'validation_failed', { errors: [{ path: field, message }] }) };
      }
      return validate(data);
    };
  };
}
