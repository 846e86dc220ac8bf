// C0 and C1 control characters. PostgreSQL refuses NUL in text outright; the others have no place in a
// name, an e-mail or a place, and would corrupt CSV exports, e-mails and logs that echo them.
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Free-text fields written in a textarea keep line breaks and tabs.
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Fields people write in a textarea (bio, comments, notes, messages): line breaks and tabs are text there. */
const MULTI_LINE_FIELD =
  /^(bio|comment|notes|reviewNotes|resolutionNotes|requestMessage|strengthsImprovements)$|Comments$/;

export const controlCharacterMessage = (field: string) => `${field} must not contain control characters`;

/**
 * The path ("players.3.firstName") of the first string in `value` that holds a control character its
 * field may not hold, or null. Walks objects and arrays; keys are checked like values.
 */
export function findControlCharacter(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') {
    const field = path.at(-1) ?? 'value';
    const forbidden = MULTI_LINE_FIELD.test(field) ? CONTROL_EXCEPT_LINE_BREAKS : ANY_CONTROL;
    return forbidden.test(value) ? path.join('.') || 'value' : null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findControlCharacter(value[index], [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (ANY_CONTROL.test(key)) return [...path, key.replace(ANY_CONTROL, '?')].join('.');
      const found = findControlCharacter(entry, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
