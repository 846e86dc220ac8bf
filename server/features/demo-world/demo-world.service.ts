import { RATING_CATEGORIES } from '../../../common/constants';
import type { DemoWorldConfig } from '../../../common/schemas/demo-world';
import type { Db } from '../../db/client';
import { findPresentDemoWorld, findSampleComment, findSamplePlayer } from './demo-world.repo';

/** Longer comments would stretch the landing page's card. */
const SAMPLE_COMMENT_MAX_LENGTH = 160;

/**
 * What GET /api/config says of the demo world a development start added (docs/decisions/018), read once at start:
 * nothing once it was removed (with the server stopped) or when there never was one.
 */
export async function readDemoWorldConfig(db: Db): Promise<DemoWorldConfig | undefined> {
  const world = await findPresentDemoWorld(db);
  if (!world || world.players === 0) return undefined;
  const player = world.samplePlayerId ? await findSamplePlayer(db, world.samplePlayerId) : undefined;
  if (!player || player.ratingCount === 0) return { players: world.players, lastPlayerId: world.lastPlayerId };
  const { sums, ...shown } = player;
  return {
    players: world.players,
    lastPlayerId: world.lastPlayerId,
    sample: {
      ...shown,
      categoryAverages: RATING_CATEGORIES.map((_, index) => Number(sums[index]) / player.ratingCount),
      comment: await findSampleComment(db, player.id, SAMPLE_COMMENT_MAX_LENGTH),
    },
  };
}
