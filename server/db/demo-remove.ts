/**
 * npm run demo:remove: deletes the demo world a development start added (server/db/seed/first-start.ts) from the
 * configured database (DATABASE_URL, else the PGlite in DATA_DIR), and nothing else. On PGlite it is refused,
 * changing nothing, while a server holds the database (server/db/data-dir-lock.ts).
 */
import { loadEnv } from '../env';
import { openDatabase } from './client';
import { removeDemoWorld } from './seed/remove-demo-world';

const env = loadEnv();
try {
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: 2 } : { dataDir: env.DATA_DIR },
  );
  try {
    const result = await removeDemoWorld(database.db);
    if (!result.removed && result.reason === 'none') console.log('This database has no demo world: nothing removed.');
    else if (!result.removed) console.log(`The demo world was already removed (${result.removedAt?.toISOString()}).`);
    else
      console.log(
        `Removed the demo world: ${result.players} players, ${result.ratings} ratings and ${result.users} accounts. ` +
          `Everything else was kept${result.ratersAdjusted ? ` (${result.ratersAdjusted} raters' totals no longer count their ratings of demo players)` : ''}; ` +
          'later starts add no demo world again.',
      );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
