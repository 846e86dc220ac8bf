import ts from 'typescript';

/*
 * Finds the tables a piece of code writes, for the owner-map test (table-owners.test.ts, docs/decisions/028):
 * in SQL text (a statement's snapshot, a trigger's body) and in a TypeScript file (Drizzle's
 * `.insert(table)` / `.update(table).set({...})` / `.delete(table)` and the writes inside `sql` templates).
 * It reads text, it runs nothing: a reviewer can see why a write was found.
 */

export type WriteOperation = 'insert' | 'update' | 'delete';

/** An assigned column the scan cannot name (a spread, a computed name, a `${...}`): it may be any column. */
export const ANY_COLUMN = '*';

export type TableWrite = {
  table: string;
  operation: WriteOperation;
  /** An update's assigned columns (ANY_COLUMN for one the code does not name); empty for an insert or a delete. */
  columns: string[];
  /** 1-based line of the write in its text. */
  line: number;
};

const IDENTIFIER = String.raw`[a-z_][a-z0-9_]*`;
/** What a template's `${...}` becomes when it names no table: a write to it is a write to a table we cannot tell. */
export const UNKNOWN_TABLE = '$_';
const TARGET = String.raw`(?:${IDENTIFIER}|\$_)`;
/** `for update`, `for no key update` (row locks) and `on conflict ... do update` write no table of their own. */
const WRITE = new RegExp(
  String.raw`\b(?:(insert\s+into)|(delete\s+from)|(?<!\b(?:for|key|do)\s+)(update)|(truncate)(?:\s+table)?)\s+(?:only\s+)?(${TARGET}(?:\s*,\s*${TARGET})*)`,
  'gi',
);
const CLAUSE_END = /^(from|where|returning)\b/i;

/** The text without comments, string literals and identifier quotes, lower-cased; line breaks are kept. */
function normalizeSql(text: string): string {
  return text
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/'(?:[^']|'')*'/g, (literal) => `''${literal.replace(/[^\n]/g, '')}`)
    .replace(/"([^"]*)"/g, '$1')
    .toLowerCase();
}

/** The columns an update's `set` list assigns: `col = ...` and `(a, b) = ...`, up to its from/where/returning. */
function assignedColumns(text: string, start: number): string[] {
  const columns: string[] = [];
  let depth = 0;
  let expectColumn = true;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (depth === 0 && /\s/.test(char)) continue;
    if (depth === 0 && (char === ';' || CLAUSE_END.test(text.slice(at)))) break;
    if (char === '(') {
      if (depth === 0 && expectColumn) {
        const close = text.indexOf(')', at);
        columns.push(...[...text.slice(at + 1, close).matchAll(new RegExp(IDENTIFIER, 'g'))].map((m) => m[0]));
        at = close;
        expectColumn = false;
        continue;
      }
      depth++;
    } else if (char === ')') {
      if (depth === 0) break;
      depth--;
    } else if (char === ',' && depth === 0) {
      expectColumn = true;
    } else if (depth === 0 && expectColumn) {
      const name = new RegExp(`^${IDENTIFIER}`).exec(text.slice(at));
      columns.push(name ? name[0] : ANY_COLUMN);
      expectColumn = false;
      if (name) at += name[0].length - 1;
    }
  }
  return columns;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The writes in a text of SQL: insert into / update ... set / delete from / truncate, CTEs included. */
export function writesInSql(sqlText: string): TableWrite[] {
  const text = normalizeSql(sqlText);
  const writes: TableWrite[] = [];
  for (const match of text.matchAll(WRITE)) {
    const [, insert, del, update, truncate, names] = match;
    const line = lineAt(text, match.index);
    if (update) {
      const setClause = new RegExp(String.raw`^(?:\s+(?:as\s+)?(?!set\b)${IDENTIFIER})?\s+set\s`).exec(
        text.slice(match.index + match[0].length),
      );
      // `update` that is not `update <table> [alias] set` is a word in some other statement.
      if (!setClause) continue;
      const columns = assignedColumns(text, match.index + match[0].length + setClause[0].length);
      writes.push({ table: names, operation: 'update', columns, line });
    } else if (truncate) {
      for (const table of names.split(','))
        writes.push({ table: table.trim(), operation: 'delete', columns: [], line });
    } else {
      writes.push({
        table: names.split(',')[0].trim(),
        operation: insert ? 'insert' : del ? 'delete' : 'update',
        columns: [],
        line,
      });
    }
  }
  return writes;
}

/** How a source file names schema tables: identifiers imported from server/db/schema, and local aliases of them. */
function tableNamesOf(source: ts.SourceFile, tableOfExport: ReadonlyMap<string, string>) {
  const byIdentifier = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\/db\/schema(\/|$)/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const table = tableOfExport.get((element.propertyName ?? element.name).text);
        if (table) byIdentifier.set(element.name.text, table);
      }
    }
  }
  const tableOf = (node: ts.Expression): string | undefined => {
    if (ts.isIdentifier(node)) return byIdentifier.get(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text))
      return tableOfExport.get(node.name.text);
    return undefined;
  };
  // `const s = leaderboardStandings;` names the same table.
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const table = tableOf(node.initializer);
      if (table) byIdentifier.set(node.name.text, table);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return tableOf;
}

/**
 * The columns an object literal assigns: its names, a spread of a literal (`...(ok ? { userId } : {})`) read through;
 * a spread of anything else, or a computed name, is ANY_COLUMN.
 */
function objectColumns(values: ts.Expression, columnOf: (field: string) => string | undefined): string[] {
  let inner = values;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  if (ts.isConditionalExpression(inner))
    return [...objectColumns(inner.whenTrue, columnOf), ...objectColumns(inner.whenFalse, columnOf)];
  if (!ts.isObjectLiteralExpression(inner)) return [ANY_COLUMN];
  return inner.properties.flatMap((property) => {
    if (ts.isSpreadAssignment(property)) return objectColumns(property.expression, columnOf);
    const named =
      (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name));
    return [named ? (columnOf(property.name.text) ?? property.name.text) : ANY_COLUMN];
  });
}

/** The columns of the `.set(...)` chained on a Drizzle update (ANY_COLUMN when there is none to read). */
function setColumns(update: ts.CallExpression, columnOf: (field: string) => string | undefined): string[] {
  const access = update.parent;
  if (!ts.isPropertyAccessExpression(access) || access.name.text !== 'set') return [ANY_COLUMN];
  const call = access.parent;
  const values = ts.isCallExpression(call) ? call.arguments[0] : undefined;
  return values ? [...new Set(objectColumns(values, columnOf))] : [ANY_COLUMN];
}

const lineBreaks = (text: string) => '\n'.repeat(text.split('\n').length - 1);

/**
 * The SQL of a `sql` template or of `sql.raw('...')`, each `${...}` read as its table's name when it names one, else
 * as a value the scan does not need; line breaks are kept, so a write's line is its line in the file.
 */
function sqlTextOf(node: ts.Node, tableOf: (node: ts.Expression) => string | undefined): string | undefined {
  if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
    const template = node.template;
    if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
    return (
      template.head.text +
      template.templateSpans
        .map(
          (span) =>
            ` ${tableOf(span.expression) ?? UNKNOWN_TABLE}${lineBreaks(span.expression.getText())} ${span.literal.text}`,
        )
        .join('')
    );
  }
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'sql' &&
    node.expression.name.text === 'raw' &&
    node.arguments[0] &&
    (ts.isStringLiteral(node.arguments[0]) || ts.isNoSubstitutionTemplateLiteral(node.arguments[0]))
  ) {
    return node.arguments[0].text;
  }
  return undefined;
}

export type SchemaTables = {
  /** Table name by the schema module's export name (`ratings` → 'ratings', `raterStats` → 'rater_stats'). */
  tableOfExport: ReadonlyMap<string, string>;
  /** Column name of a table's field (`ratingCount` → 'rating_count'). */
  columnOf: (table: string, field: string) => string | undefined;
};

/** The writes in a TypeScript file: Drizzle's query builder on schema tables, and SQL written in `sql` templates. */
export function writesInSource(fileName: string, text: string, schema: SchemaTables): TableWrite[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const tableOf = tableNamesOf(source, schema.tableOfExport);
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const writes: TableWrite[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0]);
      const operation = node.expression.name.text as WriteOperation;
      if (table) {
        const columns = operation === 'update' ? setColumns(node, (field) => schema.columnOf(table, field)) : [];
        writes.push({ table, operation, columns, line: lineOf(node) });
      }
    }
    const sqlText = sqlTextOf(node, tableOf);
    if (sqlText !== undefined) {
      const first = lineOf(node) - 1;
      writes.push(...writesInSql(sqlText).map((write) => ({ ...write, line: first + write.line })));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

export type TriggerFunction = { name: string; onTables: string[]; writes: TableWrite[] };

/** The trigger functions the migrations leave defined (a later definition replaces an earlier), with what they write. */
export function triggerFunctions(migrations: string[]): TriggerFunction[] {
  const functions = new Map<string, TriggerFunction>();
  for (const migration of migrations) {
    for (const match of migration.matchAll(
      /create\s+(?:or\s+replace\s+)?function\s+"?([\w]+)"?\s*\([^)]*\)\s*returns\s+trigger[\s\S]*?as\s+(\$\w*\$)([\s\S]*?)\2/gi,
    )) {
      const previous = functions.get(match[1]);
      functions.set(match[1], { name: match[1], onTables: previous?.onTables ?? [], writes: writesInSql(match[3]) });
    }
    for (const match of migration.matchAll(/drop\s+function\s+(?:if\s+exists\s+)?"?(\w+)"?/gi))
      functions.delete(match[1]);
    for (const match of migration.matchAll(
      /create\s+(?:or\s+replace\s+)?trigger\s+"?\w+"?[\s\S]*?\bon\s+"?(\w+)"?[\s\S]*?execute\s+(?:function|procedure)\s+"?(\w+)"?/gi,
    )) {
      const fn = functions.get(match[2]);
      if (fn && !fn.onTables.includes(match[1])) fn.onTables.push(match[1]);
    }
  }
  return [...functions.values()];
}
