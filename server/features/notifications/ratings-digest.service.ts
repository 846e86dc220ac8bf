import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { startOfWeek } from '../../../common/anonymity';
import { holdLease } from '../trust/job-lease.service';
import { insertNotices } from './notifications.repo';
import { wakeOutbox } from './outbox-wake';
import { ratingsListedPerPerson } from './ratings-digest.repo';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const LEASE = 'ratings-digest';
const LEASE_SECONDS = 300;
const holder = randomUUID();

/** The week a digest run at `now` tells about: the last whole week (Monday to Monday, UTC). */
export function digestWeek(now: Date): { from: Date; to: Date; key: string } {
  const to = startOfWeek(now);
  const from = new Date(to.getTime() - WEEK_MS);
  return { from, to, key: `digest:${from.toISOString().slice(0, 10)}` };
}

/**
 * docs/product.md#notifications: one notice a week per person whose player got new visible ratings, with only their
 * count, never one per rating, so the moment of an anonymous rating cannot be matched to a rater. The notice's
 * unique (person, key) is the per-recipient mark: a second run adds nothing, and the outbox sends each once.
 * Answers how many notices it added, or null while another instance holds the lease.
 */
export async function runRatingsDigest(db: Db, now: Date): Promise<number | null> {
  const lease = await holdLease(db, LEASE, holder, LEASE_SECONDS);
  if (!lease) return null;
  try {
    const week = digestWeek(now);
    const counts = await ratingsListedPerPerson(db, week.from, week.to);
    let added = 0;
    for (let start = 0; start < counts.length; start += CHUNK) {
      await lease.confirm();
      added += await insertNotices(db, counts.slice(start, start + CHUNK).map(digestNotice(week.key)));
    }
    if (added > 0) wakeOutbox();
    return added;
  } finally {
    await lease.release();
  }
}

const CHUNK = 1000;

function digestNotice(key: string) {
  return ({ userId, ratings }: { userId: string; ratings: number }) => ({
    userId,
    kind: 'ratings-digest' as const,
    title: ratings === 1 ? 'A new rating about you last week' : `${ratings} new ratings about you last week`,
    body:
      ratings === 1
        ? 'One new rating about you was published last week.'
        : `${ratings} new ratings about you were published last week.`,
    link: '/?tab=ratings-about-me',
    dedupeKey: key,
  });
}

/** Runs the digest once per week per instance: on start and after each Monday 00:00 UTC (the rest is a no-op). */
export function createDigestSchedule(db: Db): (now: Date) => Promise<void> {
  let doneFor: string | null = null;
  return async (now) => {
    const { key } = digestWeek(now);
    if (doneFor === key) return;
    if ((await runRatingsDigest(db, now)) !== null) doneFor = key;
  };
}
