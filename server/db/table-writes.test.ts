import { describe, expect, it } from 'vitest';
import { ANY_COLUMN, UNKNOWN_TABLE, triggerFunctions, writesInSource, writesInSql } from './table-writes';

const brief = (writes: { table: string; operation: string; columns: string[] }[]) =>
  writes.map(
    (write) => `${write.operation} ${write.table}${write.columns.length ? ` (${write.columns.join(', ')})` : ''}`,
  );

const schema = {
  tableOfExport: new Map([
    ['players', 'players'],
    ['ratings', 'ratings'],
    ['leaderboardStandings', 'leaderboard_standings'],
  ]),
  columnOf: (table: string, field: string) =>
    ({ userId: 'user_id', isVerified: 'is_verified', isHeld: 'is_held' })[field],
};

const source = (body: string) =>
  brief(
    writesInSource(
      'server/features/x/x.repo.ts',
      `import { players, ratings, leaderboardStandings } from '../../db/schema/index';\n` +
        `import * as tables from '../../db/schema/index';\n${body}`,
      schema,
    ),
  );

describe('writesInSql', () => {
  it('finds inserts, updates with their columns, deletes and truncates, CTEs included', () => {
    const text = `with gone as (delete from "ratings" r where r.id = $1 returning r.player_id),
      counted as (update players p set rating_count = rating_count - 1, (stars_1, stars_2) = (0, 0)
        from gone where p.id = gone.player_id returning p.id)
      insert into player_skill_marks (player_id, marked_at) select id, now() from counted`;
    expect(brief(writesInSql(text))).toEqual([
      'delete ratings',
      'update players (rating_count, stars_1, stars_2)',
      'insert player_skill_marks',
    ]);
    expect(brief(writesInSql('truncate table a, b restart identity'))).toEqual(['delete a', 'delete b']);
  });

  it('takes row locks, upserts, comments and string literals for no writes of their own', () => {
    const text = `select * from ratings where id = 1 for update of ratings;
      select * from ratings for no key update skip locked;
      -- update players set rating_count = 0
      select 'delete from users', 'insert into ratings' as text;
      insert into trust_jobs (name) values ('x') on conflict (name) do update set lease_until = now()`;
    expect(brief(writesInSql(text))).toEqual(['insert trust_jobs']);
  });
});

describe('writesInSource', () => {
  it('finds Drizzle writes on schema tables with the columns an update sets, spreads of literals read through', () => {
    expect(
      source(`
        await db.insert(players).values(row);
        await tx.update(players).set({ ...(linked ? { userId } : {}), isVerified: true }).where(w);
        await db.update(tables.ratings).set({ isHeld }).where(w);
        await db.update(players).set(changes).where(w);
        await db.delete(ratings).where(w);`),
    ).toEqual([
      'insert players',
      'update players (user_id, is_verified)',
      'update ratings (is_held)',
      `update players (${ANY_COLUMN})`,
      'delete ratings',
    ]);
  });

  it('leaves alone .delete, .update and .insert of anything that is not a schema table', () => {
    expect(
      source(`
        cache.delete(key);
        createHash('sha256').update(value).digest('hex');
        list.insert(players2);
        const map = new Map(); map.delete(players.id);`),
    ).toEqual([]);
  });

  it('reads sql templates and sql.raw, a local name of a table included, and flags a table it cannot name', () => {
    expect(
      source(`
        const s = leaderboardStandings;
        const a = sql\`delete from \${s} where \${s.period} = \${period}\`;
        const b = sql\`update \${players} set latitude = v.latitude,
          \${sql.join(parts, sql\`, \`)} from v\`;
        const c = sql.raw('delete from ratings where true');
        const d = sql\`insert into \${sql.identifier(name)} (id) values (1)\`;`),
    ).toEqual([
      'delete leaderboard_standings',
      `update players (latitude, ${ANY_COLUMN})`,
      'delete ratings',
      `insert ${UNKNOWN_TABLE}`,
    ]);
  });
});

describe('triggerFunctions', () => {
  it('answers the trigger functions the migrations leave, with their tables and writes', () => {
    const migrations = [
      `CREATE FUNCTION "keep"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO "points" VALUES (1); RETURN NULL; END $$;
       CREATE TRIGGER "keep_t" AFTER INSERT OR UPDATE OF "latitude" ON "players" FOR EACH ROW EXECUTE FUNCTION "keep"();
       CREATE FUNCTION "gone"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM "x"; RETURN NULL; END $$;`,
      `DROP FUNCTION "gone";`,
    ];
    expect(triggerFunctions(migrations)).toEqual([
      { name: 'keep', onTables: ['players'], writes: [{ table: 'points', operation: 'insert', columns: [], line: 1 }] },
    ]);
  });
});
