import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchColumns } from '../../features/players/search-columns';
import { verifyPassword } from '../../lib/password';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from '../client';
import { generateDataset, SEED_PASSWORD } from './generate';
import { openLoader } from './loader';
import { seedDatabase } from './seed-database';
import { signInSummary } from './sign-in-summary';
import { verifyAggregates } from './verify';

const NOW = new Date('2026-03-15T00:00:00Z');
const small = { players: 300, ratings: 3000, users: 40, seed: 7, now: NOW };

describe('seed', () => {
  let database: Database;
  let firstRun: Awaited<ReturnType<typeof seedDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    firstRun = await seedDatabase(database, small);
  });
  afterAll(async () => {
    await database.close();
  });

  async function query<T>(statement: string): Promise<T[]> {
    const loader = await openLoader(database);
    try {
      return await loader.query<T>(statement);
    } finally {
      loader.release();
    }
  }

  it('loads the requested numbers of players, ratings and users', async () => {
    const [counts] = await query<{ players: number; ratings: number; users: number; votes: number; claims: number }>(
      `select (select count(*) from players)::int as players, (select count(*) from ratings)::int as ratings,
        (select count(*) from users)::int as users, (select count(*) from rating_helpfulness)::int as votes,
        (select count(*) from player_match_requests)::int as claims`,
    );
    expect(counts).toMatchObject({ players: 300, ratings: 3000, users: 40 });
    expect(counts.votes).toBeGreaterThan(0);
    expect(counts.claims).toBeGreaterThan(0);
    expect(firstRun.rows.ratings).toBe(3000);
  });

  it('keeps every running aggregate equal to the rows it summarises', async () => {
    const results = await verifyAggregates(database);
    expect(results.length).toBeGreaterThan(5);
    expect(results.filter((result) => result.mismatches > 0)).toEqual([]);
  });

  it('says truly who signs in with the seed password: the password accounts it counts and names, not Google ones', async () => {
    const lines = signInSummary(firstRun.summary);
    const accounts = await query<{ email: string; password_hash: string | null }>(
      'select email, password_hash from users',
    );
    const withPassword = accounts.filter((account) => account.password_hash !== null);
    expect(lines[0]).toContain(`The ${withPassword.length} seeded password accounts sign in`);
    expect(lines.at(-1)).toBe(
      `The other ${accounts.length - withPassword.length} seeded accounts are Google accounts: they cannot sign in.`,
    );
    const named = lines.slice(1, -1).map((line) => line.trim().split(' ')[0]);
    expect(named).toHaveLength(3);
    for (const email of named) {
      const account = accounts.find((candidate) => candidate.email === email);
      expect(await verifyPassword(account?.password_hash, SEED_PASSWORD), email).toBe(true);
    }
  });

  it('never lets a rater rate their own linked player, and votes come from the rated player', async () => {
    const [row] = await query<{ own: number; foreign: number }>(
      `select
        (select count(*) from ratings r join players p on p.id = r.player_id where p.user_id = r.rater_user_id)::int as own,
        (select count(*) from rating_helpfulness h join ratings r on r.id = h.rating_id join players p on p.id = r.player_id
          where p.user_id is distinct from h.user_id or r.rater_user_id = h.user_id)::int as foreign`,
    );
    expect(row).toEqual({ own: 0, foreign: 0 });
  });

  it('writes search columns the way the players repository normalises them', async () => {
    const rows = await query<{
      first_name: string;
      last_name: string;
      location: string;
      city: string | null;
      state: string | null;
      zip: string | null;
      search_name: string;
      search_location: string;
    }>(
      'select first_name, last_name, location, city, state, zip, search_name, search_location from players order by id limit 50',
    );
    for (const row of rows) {
      const columns = searchColumns({ firstName: row.first_name, lastName: row.last_name, ...row });
      expect(row.search_name).toBe(columns.searchName);
      expect(row.search_location).toBe(columns.searchLocation);
      // Stored as a picked place is (docs/product.md#places): its parts, shown as "City, ST".
      expect(row.location).toBe(`${row.city}, ${row.state}`);
      expect(row.zip).toMatch(/^\d{5}$/);
    }
  });

  it('moves the id sequences past the seeded ids', async () => {
    const [row] = await query<{ id: number }>(
      `insert into players (first_name, last_name, email, skill_level, location)
       values ('Next', 'Player', 'next.player@example.com', '3.0', 'Austin, TX 78701') returning id`,
    );
    expect(row.id).toBe(301);
    await query('delete from players where id = 301');
  });

  it('refuses a database that already has players unless told to reset', async () => {
    await expect(seedDatabase(database, small)).rejects.toThrow(/--reset/);
    const again = await seedDatabase(database, { ...small, players: 120, ratings: 500, reset: true });
    expect(again.rows.players).toBe(120);
    const [counts] = await query<{ players: number; ratings: number }>(
      'select (select count(*) from players)::int as players, (select count(*) from ratings)::int as ratings',
    );
    expect(counts).toEqual({ players: 120, ratings: 500 });
    expect((await verifyAggregates(database)).filter((result) => result.mismatches > 0)).toEqual([]);
  });
});

describe('generateDataset', () => {
  const options = { players: 200, ratings: 1500, users: 30, now: NOW, passwordHash: 'hash' };

  it('is deterministic for a seed and differs between seeds', () => {
    const first = generateDataset({ ...options, seed: 3 });
    const second = generateDataset({ ...options, seed: 3 });
    const other = generateDataset({ ...options, seed: 4 });
    expect(second.tables).toEqual(first.tables);
    expect(other.tables.find((t) => t.table === 'ratings')?.chunks).not.toEqual(
      first.tables.find((t) => t.table === 'ratings')?.chunks,
    );
  });

  it('refuses more ratings than distinct raters can give', () => {
    expect(() => generateDataset({ ...options, players: 2, ratings: 500, seed: 1 })).toThrow(/cannot place/);
  });
});
