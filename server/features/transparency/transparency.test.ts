import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../deps';
import { SESSION_COOKIE } from '../../plugins/session';
import type { TransparencyMonth, TransparencyReport } from '../../../common/schemas/transparency';
import {
  appeals,
  dataRequests,
  flaggedComments,
  moderationDecisions,
  ratingRemovals,
  ratingReports,
  trustFlags,
} from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPlayer, postRating, ratingBody, signInRater, uniqueEmail, userIdOf } from '../ratings/ratings-fixtures';
import { getTransparencyReport } from './transparency.service';

/* docs/product.md#transparency: each figure of a month is a count over the stored rows of that month (UTC). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date();
/** This month's and last month's first instants (UTC). */
const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const at = (month: Date, offsetMs: number) => new Date(month.getTime() + offsetMs);
const monthOf = (date: Date | null) => date?.toISOString().slice(0, 7);

async function newRating() {
  const owner = uniqueEmail('owner');
  await signInAs(t, { email: owner });
  const player = await createPlayer(t, { userId: await userIdOf(t, owner) });
  const rater = await signInRater(t);
  const res = await postRating(t, rater.cookie, ratingBody(player.id));
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const newUser = async () => userIdOf(t, await signInRaterEmail());
const signInRaterEmail = async () => (await signInRater(t, 'member')).email;

const decision = (values: Partial<typeof moderationDecisions.$inferInsert>) => ({
  source: 'report' as const,
  outcome: 'keep' as const,
  statement: 'Because.',
  decidedByLabel: 'admin',
  ...values,
});

const flag = (values: Partial<typeof trustFlags.$inferInsert>) => ({
  type: 'ring' as const,
  score: 1,
  signature: `sig-${Math.random()}`,
  raterKeys: [],
  playerIds: [],
  ratingIds: [],
  evidence: {} as never,
  ...values,
});

/** A hold an admin resolved by showing the text: the rating is not held any more (the suite's recount checks it). */
const resolved = { isResolved: true, resolution: 'restored', resolvedByLabel: 'admin', resolvedAt: now };

/** A known set of rows over two months: decisions, reports, appeals, holds, flags, removals and erasures. */
async function insertKnownRows() {
  const { db } = t.database;
  const [r1, r2, r3] = [await newRating(), await newRating(), await newRating()];
  const [u1, u2, u3, u4] = [await newUser(), await newUser(), await newUser(), await newUser()];

  const [d1, d2, d3, d4] = await db
    .insert(moderationDecisions)
    .values([
      decision({ ratingId: r1, outcome: 'remove', rule: 'offensive', decidedAt: at(thisMonth, 2 * DAY) }),
      decision({
        ratingId: r2,
        source: 'automatic-hold',
        outcome: 'hide-comment',
        rule: 'offensive',
        decidedAt: at(thisMonth, 3 * DAY),
      }),
      decision({ ratingId: r3, source: 'burst', outcome: 'confirm', decidedAt: at(lastMonth, 2 * DAY) }),
      decision({ ratingId: r3, source: 'moderator', outcome: 'keep', decidedAt: at(lastMonth, DAY + 6 * HOUR) }),
    ])
    .returning();
  await db.insert(ratingReports).values([
    // Closed by d1 after 48 and 24 hours: the month's median is 36.
    { ratingId: r1, reporterUserId: u1, reason: 'offensive', createdAt: at(thisMonth, 0), decisionId: d1.id },
    { ratingId: r1, reporterUserId: u2, reason: 'offensive', createdAt: at(thisMonth, DAY), decisionId: d1.id },
    { ratingId: r2, reporterUserId: u3, reason: 'other', createdAt: at(thisMonth, 4 * DAY) },
    // Last month: closed by d4 after 6 hours.
    {
      ratingId: r3,
      reporterUserId: u4,
      reason: 'spam-or-fake-account',
      createdAt: at(lastMonth, DAY),
      decisionId: d4.id,
    },
  ]);
  await db.insert(appeals).values([
    {
      decisionId: d1.id,
      appellantUserId: u1,
      appellantRole: 'reporter',
      text: 'Please',
      createdAt: at(thisMonth, 3 * DAY),
      outcome: 'reversed',
      statement: 'Yes',
      decidedByLabel: 'other admin',
      decidedAt: at(thisMonth, 4 * DAY),
    },
    {
      decisionId: d2.id,
      appellantUserId: u2,
      appellantRole: 'rater',
      text: 'Please',
      createdAt: at(thisMonth, 5 * DAY),
    },
    {
      decisionId: d3.id,
      appellantUserId: u3,
      appellantRole: 'rater',
      text: 'Please',
      createdAt: at(lastMonth, 3 * DAY),
      outcome: 'upheld',
      statement: 'No',
      decidedByLabel: 'other admin',
      decidedAt: at(thisMonth, HOUR),
    },
  ]);
  await db.insert(flaggedComments).values([
    {
      ratingId: r1,
      field: 'strengthsImprovements',
      flaggedText: 'x',
      flagReason: 'slur',
      ...resolved,
      createdAt: at(thisMonth, HOUR),
    },
    {
      ratingId: r2,
      field: 'strengthsImprovements',
      flaggedText: 'x',
      flagReason: 'slur',
      ...resolved,
      createdAt: at(thisMonth, 2 * HOUR),
    },
    {
      ratingId: r3,
      field: 'strengthsImprovements',
      flaggedText: 'x',
      flagReason: 'slur',
      ...resolved,
      createdAt: at(lastMonth, HOUR),
    },
  ]);
  await db
    .insert(trustFlags)
    .values([
      flag({ type: 'ring', status: 'confirmed', reviewedAt: at(thisMonth, DAY) }),
      flag({ type: 'burst', status: 'dismissed', reviewedAt: at(thisMonth, 2 * DAY) }),
      flag({ type: 'burst', status: 'confirmed', reviewedAt: at(lastMonth, 2 * DAY), createdAt: at(lastMonth, DAY) }),
      flag({ type: 'boost', status: 'pending' }),
    ]);
  await db.insert(ratingRemovals).values([
    { ratingId: r1, action: 'remove', rule: 'offensive', actedByLabel: 'admin', actedAt: at(thisMonth, 2 * DAY) },
    { ratingId: r1, action: 'restore', actedByLabel: 'admin', actedAt: at(thisMonth, 4 * DAY) },
    { ratingId: r3, action: 'remove', rule: 'other', actedByLabel: 'admin', actedAt: at(lastMonth, DAY) },
  ]);
  await db.insert(dataRequests).values([
    { kind: 'erase', userId: u4, counts: {}, at: at(thisMonth, DAY) },
    { kind: 'export', userId: u4, at: at(thisMonth, DAY) },
    { kind: 'erase', userId: u3, counts: {}, at: at(lastMonth, DAY) },
    { kind: 'erase', userId: u2, counts: {}, at: at(lastMonth, 2 * DAY) },
  ]);
}

/** The month's figures counted in code over every stored row: the oracle the report must agree with. */
async function recount(month: string) {
  const { db } = t.database;
  const inMonth = <Row>(rows: Row[], date: (row: Row) => Date | null) =>
    rows.filter((row) => monthOf(date(row)) === month);
  const reports = inMonth(await db.select().from(ratingReports), (row) => row.createdAt);
  const decisions = await db.select().from(moderationDecisions);
  const decided = inMonth(decisions, (row) => row.decidedAt);
  const allAppeals = await db.select().from(appeals);
  const appealsDecided = inMonth(allAppeals, (row) => row.decidedAt);
  const flags = inMonth(await db.select().from(trustFlags), (row) => row.reviewedAt);
  const countBy = <Row>(rows: Row[], key: (row: Row) => string) =>
    rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [key(row)]: (counts[key(row)] ?? 0) + 1 }), {});
  const closed = inMonth(
    (await db.select().from(ratingReports)).flatMap((report) => {
      const by = decisions.find((row) => row.id === report.decisionId);
      return by
        ? [{ hours: (by.decidedAt.getTime() - report.createdAt.getTime()) / HOUR, decidedAt: by.decidedAt }]
        : [];
    }),
    (row) => row.decidedAt,
  )
    .map((row) => row.hours)
    .sort((a, b) => a - b);
  const median =
    closed.length === 0
      ? null
      : closed.length % 2
        ? closed[(closed.length - 1) / 2]
        : (closed[closed.length / 2 - 1] + closed[closed.length / 2]) / 2;
  return {
    reportsReceived: reports.length,
    byReason: countBy(reports, (row) => row.reason),
    decisions: decided.length,
    byOutcome: countBy(decided, (row) => row.outcome),
    byRule: countBy(decided, (row) => row.rule ?? 'none'),
    bySource: countBy(decided, (row) => row.source),
    median,
    appeals: {
      received: inMonth(allAppeals, (row) => row.createdAt).length,
      decided: appealsDecided.length,
      reversed: appealsDecided.filter((row) => row.outcome === 'reversed').length,
    },
    holds: inMonth(await db.select().from(flaggedComments), (row) => row.createdAt).length,
    flags: countBy(
      flags.filter((row) => row.status !== 'pending'),
      (row) => `${row.type}:${row.status}`,
    ),
    removed: inMonth(await db.select().from(ratingRemovals), (row) => row.actedAt).filter(
      (row) => row.action === 'remove',
    ).length,
    erased: inMonth(await db.select().from(dataRequests), (row) => row.at).filter((row) => row.kind === 'erase').length,
  };
}

/** The report's month in the recount's shape (zeros left out, as a count of nothing has no key). */
function asCounted(month: TransparencyMonth) {
  const nonZero = (list: { key: string; count: number }[]) =>
    Object.fromEntries(list.filter((entry) => entry.count > 0).map((entry) => [entry.key, entry.count]));
  return {
    reportsReceived: month.reports.received,
    byReason: nonZero(month.reports.byReason),
    decisions: month.decisions.total,
    byOutcome: nonZero(month.decisions.byOutcome),
    byRule: nonZero(month.decisions.byRule),
    bySource: nonZero(month.decisions.bySource),
    median: month.decisions.medianHoursFromReport,
    appeals: month.appeals,
    holds: month.automaticHolds,
    flags: Object.fromEntries(
      month.flags.flatMap((entry): [string, number][] => [
        ...(entry.confirmed ? [[`${entry.type}:confirmed`, entry.confirmed] as [string, number]] : []),
        ...(entry.dismissed ? [[`${entry.type}:dismissed`, entry.dismissed] as [string, number]] : []),
      ]),
    ),
    removed: month.ratingsRemoved,
    erased: month.accountsErased,
  };
}

describe('GET /api/transparency', () => {
  it('answers an empty site with the current month only, all zeros, to anyone, cached briefly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/transparency' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const report = res.json<TransparencyReport>();
    expect(report.months.map((month) => month.month)).toEqual([monthOf(thisMonth)]);
    expect(asCounted(report.months[0])).toMatchObject({ reportsReceived: 0, decisions: 0, median: null, erased: 0 });
  });

  it('counts each figure of each month as the stored rows say, newest month first', async () => {
    await insertKnownRows();
    const res = await t.app.inject({ method: 'GET', url: '/api/transparency' });
    expect(res.statusCode).toBe(200);
    const report = res.json<TransparencyReport>();
    expect(report.months.map((month) => month.month)).toEqual([monthOf(thisMonth), monthOf(lastMonth)]);
    for (const month of report.months) expect(asCounted(month), month.month).toEqual(await recount(month.month));

    // The figures the rows were written to give, so the recount itself is checked too.
    const [current, previous] = report.months.map(asCounted);
    expect(current).toMatchObject({
      reportsReceived: 3,
      byReason: { offensive: 2, other: 1 },
      decisions: 2,
      byOutcome: { remove: 1, 'hide-comment': 1 },
      bySource: { report: 1, 'automatic-hold': 1 },
      median: 36,
      appeals: { received: 2, decided: 2, reversed: 1 },
      holds: 2,
      flags: { 'ring:confirmed': 1, 'burst:dismissed': 1 },
      removed: 1,
      erased: 1,
    });
    expect(previous).toMatchObject({
      reportsReceived: 1,
      decisions: 2,
      byRule: { none: 2 },
      median: 6,
      appeals: { received: 1, decided: 0, reversed: 0 },
      flags: { 'burst:confirmed': 1 },
      removed: 1,
      erased: 2,
    });
  });

  it('covers at most 24 months, the oldest left out', async () => {
    const old = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 30, 10));
    await t.database.db.insert(dataRequests).values({ kind: 'erase', userId: await newUser(), counts: {}, at: old });
    const report = await getTransparencyReport(t.database.db, now);
    expect(report.months.length).toBeLessThanOrEqual(24);
    expect(report.months.some((month) => month.month === monthOf(old))).toBe(false);
  });
});

/*
 * /transparency as the server sends it, with the server-side renderer (client/prerender.tsx, from source): a visitor
 * without a session cookie gets it drawn with the figures, kept while the API's answer may be cached (5 minutes).
 */
describe('GET /transparency pre-rendered for a visitor without a session', () => {
  let pages: App;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'pr-transparency-page-'));
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><!--app-head--><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    const ssrEntry = path.resolve('client/prerender.tsx');
    pages = await buildApp({
      env: t.env,
      database: t.database,
      logger: false,
      serveClient: true,
      clientRoot: root,
      ssrEntry,
    });
    await pages.ready();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await pages.close();
    rmSync(root, { recursive: true, force: true });
  });

  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));
  const erasedThisMonth = (html: string) =>
    /<dt[^>]*>Accounts erased<\/dt><dd[^>]*>(\d+)<\/dd>/.exec(rootOf(html))?.[1];

  it('draws the figures for a signed-out visitor, with the data it was drawn with; a session cookie gets it blank', async () => {
    const reply = await pages.inject({ url: '/transparency' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.vary).toContain('cookie');
    const html = reply.body;
    // The rows inserted above: this month's median from report to decision is 36 hours, one account erased.
    expect(rootOf(html)).toContain('Transparency report');
    expect(rootOf(html)).toMatch(/<dd[^>]*>36 hours<\/dd>/);
    expect(erasedThisMonth(html)).toBe('1');
    expect(html).toMatch(/<title>[^<]*Transparency/);
    const data = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)?.[1];
    const api = await pages.inject({ url: '/api/transparency' });
    const seeded = JSON.parse(data!) as { queries: { key: unknown[]; data: TransparencyReport }[] };
    expect(seeded.queries[0].key).toEqual(['transparency']);
    expect(seeded.queries[0].data.months).toEqual(api.json<TransparencyReport>().months);
    // No script besides the JSON data ones and the module (the CSP allows no inline script).
    expect([...html.matchAll(/<script(?![^>]*type="application\/(?:json|ld\+json)")(?![^>]*src=)[^>]*>/g)]).toEqual([]);

    const withSession = await pages.inject({ url: '/transparency', headers: { cookie: `${SESSION_COOKIE}=abc` } });
    expect(withSession.statusCode).toBe(200);
    expect(withSession.body).toContain('<div id="root"></div>');
    expect(withSession.body).not.toContain('36 hours');
  });

  it('keeps the drawn page for 5 minutes, then draws it anew with the figures of the time', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // Past the page the test above drew: this one is drawn now.
    vi.advanceTimersByTime(301_000);
    const before = await pages.inject({ url: '/transparency' });
    await t.database.db
      .insert(dataRequests)
      .values({ kind: 'erase', userId: await newUser(), counts: {}, at: new Date() });
    vi.advanceTimersByTime(299_000);
    const kept = await pages.inject({ url: '/transparency' });
    expect(kept.headers.etag).toBe(before.headers.etag);
    vi.advanceTimersByTime(301_000);
    const redrawn = await pages.inject({ url: '/transparency' });
    expect(erasedThisMonth(redrawn.body)).toBe(String(Number(erasedThisMonth(before.body)) + 1));
  });
});
