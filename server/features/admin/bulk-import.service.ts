import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  BULK_DUPLICATE_REASON,
  bulkPlayerRowSchema,
  type BulkImportReply,
  type BulkPlayerRow,
} from '../../../common/schemas/admin';
import { controlCharacterMessage, findControlCharacter } from '../../../common/control-characters';
import { insertPlayersUnlessEmailTaken, type ImportedPlayer } from '../players/players.service';

/** Rows per INSERT, so no single statement (and its arrays) grows without bound. */
const INSERT_CHUNK_SIZE = 1_000;

type Outcome =
  { kind: 'error'; error: string } | { kind: 'duplicate'; row: BulkPlayerRow } | { kind: 'insert'; row: BulkPlayerRow };

const nameOf = (row: BulkPlayerRow) => `${row.firstName} ${row.lastName}`;

function describeIssues(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * docs/product.md#bulk-import-rules: every row is validated on its own, so a bad row is
 * reported by its 1-based number and never costs the good ones; a row whose e-mail already exists,
 * in the database or earlier in the same batch (any letter case), is skipped. All inserts run in one
 * transaction, in chunks, with ON CONFLICT DO NOTHING deciding races with other writers.
 */
export async function importPlayers(db: Db, rawRows: unknown[], importedBy: string): Promise<BulkImportReply> {
  const seen = new Set<string>();
  const outcomes: Outcome[] = rawRows.map((raw, index) => {
    const badField = findControlCharacter(raw);
    if (badField) return { kind: 'error', error: `Row ${index + 1}: ${controlCharacterMessage(badField)}` };
    const parsed = bulkPlayerRowSchema.safeParse(raw);
    if (!parsed.success) return { kind: 'error', error: `Row ${index + 1}: ${describeIssues(parsed.error)}` };
    const key = parsed.data.email.toLowerCase();
    if (seen.has(key)) return { kind: 'duplicate', row: parsed.data };
    seen.add(key);
    return { kind: 'insert', row: parsed.data };
  });

  const toInsert: ImportedPlayer[] = outcomes.flatMap((outcome) =>
    outcome.kind === 'insert' ? [{ ...outcome.row, importedBy }] : [],
  );
  const createdEmails = new Set<string>();
  if (toInsert.length > 0) {
    await db.transaction(async (tx) => {
      for (let start = 0; start < toInsert.length; start += INSERT_CHUNK_SIZE) {
        const inserted = await insertPlayersUnlessEmailTaken(tx, toInsert.slice(start, start + INSERT_CHUNK_SIZE));
        for (const email of inserted) createdEmails.add(email.toLowerCase());
      }
    });
  }

  const results: BulkImportReply['results'] = { created: [], skipped: [], errors: [] };
  for (const outcome of outcomes) {
    if (outcome.kind === 'error') {
      results.errors.push({ error: outcome.error });
      continue;
    }
    const { row } = outcome;
    if (outcome.kind === 'insert' && createdEmails.has(row.email.toLowerCase())) {
      results.created.push({ name: nameOf(row), email: row.email });
    } else {
      results.skipped.push({ name: nameOf(row), email: row.email, reason: BULK_DUPLICATE_REASON });
    }
  }
  const message =
    `Imported ${plural(results.created.length, 'player')}, ` +
    `skipped ${results.skipped.length}, ${plural(results.errors.length, 'error')}`;
  return { results, message };
}
