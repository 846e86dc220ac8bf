/** Builds PostgreSQL COPY text (FORMAT csv): unquoted empty is NULL, quoted "" is the empty string. */
export type CsvValue = string | number | boolean | Date | null | undefined;

export type CsvTable = {
  table: string;
  columns: readonly string[];
  /** Newline-terminated CSV text, split so no single string grows without bound. */
  chunks: string[];
  rows: number;
};

const NEEDS_QUOTES = /[",\n\r]/;

export function csvValue(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value === '' || NEEDS_QUOTES.test(value)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

const ROWS_PER_CHUNK = 20_000;

export function createCsvTable(table: string, columns: readonly string[]) {
  const data: CsvTable = { table, columns, chunks: [], rows: 0 };
  let pending: string[] = [];
  return {
    data,
    add(values: readonly CsvValue[]) {
      if (values.length !== columns.length)
        throw new Error(`${table}: ${values.length} values for ${columns.length} columns`);
      pending.push(values.map(csvValue).join(','));
      data.rows += 1;
      if (pending.length >= ROWS_PER_CHUNK) this.flush();
    },
    flush() {
      if (pending.length > 0) data.chunks.push(`${pending.join('\n')}\n`);
      pending = [];
    },
    finish(): CsvTable {
      this.flush();
      return data;
    },
  };
}
