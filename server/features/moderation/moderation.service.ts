import type { Db, Executor, Tx } from '../../db/client';
import type { AdminIdentity } from '../../plugins/authorize';
import { conflict, notFound } from '../../lib/app-error';
import type { FlagReason } from '../../../common/constants';
import {
  FLAGGED_COMMENTS_LIMIT,
  type FlaggedComment,
  type FlaggedCommentsReply,
  type FlagResolution,
  type ResolveAction,
} from '../../../common/schemas/moderation';
import { holdRating } from '../ratings/rating-hold.service';
import {
  countFlags,
  countHoldingFlags,
  findFlag,
  findHeldFields,
  findKeptHiddenFlags,
  findRatingTexts,
  findUnresolvedFlags,
  insertFlags,
  insertKeptHiddenFlags,
  listFlags,
  lockFlag,
  lockRatingOfFlag,
  markResolved,
  markResolvedAgain,
  type FlagRow,
} from './moderation.repo';
import { screenText } from './screen-text';

/** A rating's texts by field name (strengthsImprovements and the category comments); null when empty. */
export type RatingTexts = Record<string, string | null>;

export type Finding = { field: string; flaggedText: string; flagReason: FlagReason };

/** Pure: which of a rating's texts moderation holds, and why. */
export function screenRatingTexts(texts: RatingTexts): Finding[] {
  const findings: Finding[] = [];
  for (const [field, text] of Object.entries(texts)) {
    const verdict = screenText(text);
    if (text && verdict.flagged) findings.push({ field, flaggedText: text, flagReason: verdict.reason });
  }
  return findings;
}

/** A new rating's findings (screenRatingTexts), on the submit's transaction: the rating is already held. */
export async function recordFindings(db: Executor, ratingId: number, findings: Finding[]): Promise<void> {
  await insertFlags(
    db,
    findings.map((finding) => ({ ratingId, ...finding })),
  );
}

/**
 * On edit (the rating row is locked by the caller): flags on text the edit replaced are closed,
 * since that text no longer exists; new offensive text is flagged once; text an admin chose to keep
 * hidden stays hidden (and is not flagged again) while the rating still holds it. The rating stays held
 * exactly while unresolved flags remain or kept-hidden text is still there. Returns the new isHeld.
 */
export async function rescreenRating(tx: Tx, ratingId: number, texts: RatingTexts): Promise<boolean> {
  const open = await findUnresolvedFlags(tx, ratingId);
  const stillShown = (flag: { field: string; flaggedText: string }) => texts[flag.field] === flag.flaggedText;
  const stale = open.filter((flag) => !stillShown(flag));
  await markResolved(
    tx,
    stale.map((flag) => flag.id),
    {
      resolvedBy: null,
      resolvedByLabel: 'system',
      resolutionNotes: 'The rater replaced this text before review',
      resolvedAt: new Date(),
      resolution: null,
    },
  );
  const kept = open.filter(stillShown);
  const keptHidden = (await findKeptHiddenFlags(tx, ratingId)).filter(stillShown);
  const decided = [...kept, ...keptHidden];
  const fresh = screenRatingTexts(texts).filter(
    (finding) => !decided.some((flag) => flag.field === finding.field && flag.flaggedText === finding.flaggedText),
  );
  await insertFlags(
    tx,
    fresh.map((finding) => ({ ratingId, ...finding })),
  );
  const isHeld = decided.length + fresh.length > 0;
  await holdRating(tx, ratingId, isHeld);
  return isHeld;
}

/** For non-admin views: per rating, the fields to withhold until an admin resolves their flags. */
export async function heldFieldsOf(db: Executor, ratingIds: number[]): Promise<Map<number, Set<string>>> {
  const held = new Map<number, Set<string>>();
  for (const row of await findHeldFields(db, ratingIds)) {
    const fields = held.get(row.ratingId) ?? new Set<string>();
    fields.add(row.field);
    held.set(row.ratingId, fields);
  }
  return held;
}

function toFlaggedComment(row: FlagRow): FlaggedComment {
  return {
    id: row.id,
    ratingId: row.ratingId,
    field: row.field,
    flaggedText: row.flaggedText,
    flagReason: row.flagReason as FlagReason,
    isResolved: row.isResolved,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
    resolvedByLabel: row.resolvedByLabel,
    resolutionNotes: row.resolutionNotes,
    resolution: row.resolution as FlagResolution | null,
    playerId: row.playerId,
    playerName: `${row.playerFirstName} ${row.playerLastName}`,
    raterEmail: row.raterEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getFlaggedComments(db: Db): Promise<FlaggedCommentsReply> {
  const [rows, counts] = await Promise.all([listFlags(db, FLAGGED_COMMENTS_LIMIT), countFlags(db)]);
  return { flaggedComments: rows.map(toFlaggedComment), counts };
}

/**
 * A decision to hide a rating's comments (docs/product.md#reports-and-decisions), on the caller's transaction with the
 * rating locked: every text the rating holds now is kept hidden from everyone but admins, as a flag resolved "keep
 * hidden" keeps its text (pending flags on the rating are resolved so); text the rater writes later is screened
 * afresh. The rating is held while any of it remains.
 */
export async function keepRatingTextsHidden(
  tx: Tx,
  ratingId: number,
  admin: AdminIdentity,
  notes: string | null,
): Promise<void> {
  const resolution = {
    resolvedBy: admin.userId,
    resolvedByLabel: admin.label,
    resolutionNotes: notes,
    resolvedAt: new Date(),
  };
  const open = await findUnresolvedFlags(tx, ratingId);
  await markResolved(
    tx,
    open.map((flag) => flag.id),
    { ...resolution, resolution: 'kept_hidden' },
  );
  const texts = await findRatingTexts(tx, ratingId);
  const hidden = [...open, ...(await findKeptHiddenFlags(tx, ratingId))];
  const fresh = Object.entries(texts).flatMap(([field, text]) =>
    text && !hidden.some((flag) => flag.field === field && flag.flaggedText === text)
      ? [{ ratingId, field, flaggedText: text }]
      : [],
  );
  await insertKeptHiddenFlags(tx, fresh, resolution);
  await holdRating(tx, ratingId, (await countHoldingFlags(tx, ratingId)) > 0);
}

/**
 * The reversal of keepRatingTextsHidden (a hide-comment reversed on appeal, docs/product.md#appeals), on the caller's
 * transaction with the rating locked: every text of the rating kept hidden is restored, as an admin's "restore"
 * resolution restores a flagged text; pending flags (text written since, not yet reviewed) stay pending. The rating
 * is held exactly while a flag still holds text back.
 */
export async function showKeptHiddenTexts(
  tx: Tx,
  ratingId: number,
  admin: AdminIdentity,
  notes: string | null,
): Promise<void> {
  const texts = await findRatingTexts(tx, ratingId);
  // Only flags over text the rating still holds: one over replaced text hides nothing and keeps its history.
  const hiding = (await findKeptHiddenFlags(tx, ratingId)).filter((flag) => texts[flag.field] === flag.flaggedText);
  await markResolvedAgain(
    tx,
    hiding.map((flag) => flag.id),
    {
      resolvedBy: admin.userId,
      resolvedByLabel: admin.label,
      resolutionNotes: notes,
      resolvedAt: new Date(),
      resolution: 'restored',
    },
  );
  await holdRating(tx, ratingId, (await countHoldingFlags(tx, ratingId)) > 0);
}

/** What a flag's resolution comes to, for the decision it is recorded as (docs/product.md#reports-and-decisions). */
export type ResolvedFlag = { flagId: number; ratingId: number; resolution: FlagResolution; notes: string | null };

const RESOLUTION_OF: Record<ResolveAction, FlagResolution> = { restore: 'restored', keep_hidden: 'kept_hidden' };

/**
 * docs/product.md#moderation-rules: a flag goes pending → resolved, no way back; the admin restores the text or keeps it hidden from everyone but
 * admins; the rating is released when no flag on it holds text back any more.
 */
export async function resolveFlaggedComment(
  db: Db,
  flagId: number,
  admin: AdminIdentity,
  { notes, action }: { notes: string | null; action: ResolveAction },
  afterwards?: (tx: Tx, resolved: ResolvedFlag) => Promise<unknown>,
): Promise<FlaggedComment> {
  await db.transaction(async (tx) => {
    const ratingId = await lockRatingOfFlag(tx, flagId);
    const flag = ratingId === undefined ? undefined : await lockFlag(tx, flagId);
    if (!flag) throw notFound('Flag not found', 'flag_not_found');
    if (flag.isResolved) throw conflict('Flag already resolved', 'flag_already_reviewed');
    await markResolved(tx, [flag.id], {
      resolvedBy: admin.userId,
      resolvedByLabel: admin.label,
      resolutionNotes: notes,
      resolvedAt: new Date(),
      resolution: RESOLUTION_OF[action],
    });
    await holdRating(tx, flag.ratingId, (await countHoldingFlags(tx, flag.ratingId)) > 0);
    await afterwards?.(tx, { flagId: flag.id, ratingId: flag.ratingId, resolution: RESOLUTION_OF[action], notes });
  });
  const row = await findFlag(db, flagId);
  return toFlaggedComment(row);
}
