// C0 and C1 control characters. PostgreSQL refuses NUL in text outright; the others have no place in a
// name, an e-mail or a place, and would corrupt CSV exports, e-mails and logs that echo them.
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Free-text fields written in a textarea keep line breaks and tabs.
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Fields people write in a textarea (bio, comments, notes, messages, replies): line breaks and tabs are text there. */
const MULTI_LINE_FIELD =
  /^(bio|comment|notes|reviewNotes|resolutionNotes|requestMessage|strengthsImprovements|details|statement|text)$|Comments$/;

export const controlCharacterMessage = (field: string) => `${field} must not contain control characters`;

type PathNode = { key: string; parent: PathNode | null };

/** Stands in the walk for a key that holds a control character: reached, it is the answer. */
const BAD_KEY = Symbol('bad key');

const joinPath = (node: PathNode | null): string => {
  const keys: string[] = [];
  for (let at = node; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The path ("players.3.firstName") of the first string in `value` that holds a control character its
 * field may not hold, or null. Walks objects and arrays; keys are checked like values. The walk keeps its
 * own stack: a request body nested thousands of levels deep overflowed the call stack and answered 500.
 */
export function findControlCharacter(value: unknown): string | null {
  const pending: { value: unknown; path: PathNode | null }[] = [{ value, path: null }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (current === BAD_KEY) return joinPath(path);
    if (typeof current === 'string') {
      const forbidden = MULTI_LINE_FIELD.test(path?.key ?? 'value') ? CONTROL_EXCEPT_LINE_BREAKS : ANY_CONTROL;
      if (forbidden.test(current)) return joinPath(path) || 'value';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // Children are pushed last to first, so the walk visits fields in the order they were written.
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index] as unknown, path: { key: String(index), parent: path } });
      }
      continue;
    }
    const entries = Object.entries(current);
    // A bad key is reported where the walk meets it: after the fields before it, before any after it.
    const bad = entries.findIndex(([key]) => ANY_CONTROL.test(key));
    const end = bad >= 0 ? bad : entries.length;
    if (bad >= 0) {
      pending.push({ value: BAD_KEY, path: { key: entries[bad][0].replace(ANY_CONTROL, '?'), parent: path } });
    }
    for (let index = end - 1; index >= 0; index -= 1) {
      pending.push({ value: entries[index][1], path: { key: entries[index][0], parent: path } });
    }
  }
  return null;
}
