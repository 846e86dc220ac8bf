import { expect } from 'vitest';
import { moderationDecisions, ratingReports } from '../../db/schema/index';
import type { DecisionOutcome } from '../../../common/community';
import type { RemovalRule } from '../../../common/removal-rules';
import { signInAs } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import {
  createPlayer,
  postRating,
  ratingBody,
  signInRater,
  uniqueEmail,
  userIdOf,
  type RatingJson,
} from '../ratings/ratings-fixtures';

/* The parties of a decision, for the appeal tests: a rated member, a rater, a reporter, a stranger and two admins. */

export type Person = { email: string; cookie: string; userId: string };

export async function person(t: TestApp, name: string, options: { isAdmin?: boolean; emailVerified?: boolean } = {}) {
  const email = uniqueEmail(name);
  const cookie = await signInAs(t, { email, firstName: name, lastName: 'Tester', ...options });
  return { email, cookie, userId: await userIdOf(t, email) };
}

/** A named rating by a fresh rater of a fresh player linked to a fresh member, reported by a fresh member. */
export async function ratedScene(t: TestApp) {
  const rated = await person(t, 'rated');
  const player = await createPlayer(t, { userId: rated.userId });
  const rater = await signInRater(t);
  const res = await postRating(t, rater.cookie, ratingBody(player.id, { overallRating: 1 }));
  expect(res.statusCode, res.body).toBe(201);
  const rating = res.json<RatingJson>();
  return {
    rated,
    player,
    rater: { ...rater, userId: await userIdOf(t, rater.email) },
    reporter: await person(t, 'reporter'),
    rating,
  };
}
export type RatedScene = Awaited<ReturnType<typeof ratedScene>>;

/**
 * A decision on the scene's rating by `admin`, as the reports feature stores one, closing the reporter's report;
 * a 'remove' takes the rating down through the admins' route first.
 */
export async function decide(
  t: TestApp,
  scene: RatedScene,
  admin: Person,
  outcome: DecisionOutcome,
  rule: RemovalRule | null = outcome === 'keep' ? null : 'offensive',
): Promise<number> {
  if (outcome === 'remove') {
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ratings/${scene.rating.id}/remove`,
      headers: { cookie: admin.cookie },
      payload: { rule },
    });
    expect(removed.statusCode, removed.body).toBe(200);
  }
  const [row] = await t.database.db
    .insert(moderationDecisions)
    .values({
      ratingId: scene.rating.id,
      raterUserId: scene.rater.userId,
      source: 'report',
      outcome,
      rule,
      statement: `Decided ${outcome} after reading the comment.`,
      decidedBy: admin.userId,
      decidedByLabel: admin.email,
    })
    .returning({ id: moderationDecisions.id });
  await t.database.db.insert(ratingReports).values({
    ratingId: scene.rating.id,
    reporterUserId: scene.reporter.userId,
    reason: 'offensive',
    decisionId: row.id,
  });
  return row.id;
}
