import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { players, playerSkill, type StoredSkill } from '../../db/schema/index';
import { listingColumnsOf, unvettedSql } from '../players/new-player-listing.service';

/** What the preview image needs of a player, read with its stored estimate in one primary-key probe. */
export type PreviewPlayerRow = {
  id: number;
  firstName: string;
  lastName: string;
  location: string;
  isVerified: boolean;
  isLinked: boolean;
  visibility: 'public' | 'members';
  skill: StoredSkill | null;
  computedAt: Date | null;
};

export async function findPreviewPlayer(db: Db, id: number): Promise<PreviewPlayerRow | undefined> {
  const [row] = await previewPlayerQuery.run(db, { id });
  if (!row) return undefined;
  return { ...(row as PreviewPlayerRow), computedAt: row.computedAt ? new Date(row.computedAt as string) : null };
}

const previewPlayerQuery = preparedStatement<{ id: number }>(
  'seo_preview_player',
  () => sql`select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
        p.is_verified as "isVerified", p.user_id is not null as "isLinked", p.visibility,
        s.skill, s.computed_at as "computedAt"
      from ${players} p left join ${playerSkill} s on s.player_id = p.id
      where p.id = ${sql.placeholder('id')}::int`,
);

/**
 * Who may be listed: unlinked players, and linked players who chose a public page (docs/product.md#visibility), but
 * not a player the rate wizard added until a second account rates it or its owner claims it
 * (docs/product.md#new-players). Written once so the page list and each page agree.
 */
const listable = sql`(p.user_id is null or p.visibility = 'public') and not ${unvettedSql(listingColumnsOf('p'))}`;
/** A player's last change we know of: created, or its estimate recomputed (players keep no update time). */
const lastModified = sql`greatest(p.created_at, s.computed_at)`;

/**
 * The sitemap's player pages: page n holds ids ((n-1)·size, n·size], so a page's address never moves when
 * players are added or hidden, and each page is one range read of the primary key. Pages with no listable
 * player are left out (a sitemap must list at least one URL). Each page is only probed for a first listable
 * row: the last-modified dates of pages would need every row read (0.2 s at 120,000 players).
 */
export async function listSitemapPages(db: Db, pageSize: number): Promise<number[]> {
  const rows = await sitemapPagesQuery.run(db, { pageSize });
  return rows.map((row) => Number(row.page));
}

const sitemapPagesQuery = preparedStatement<{ pageSize: number }>('seo_sitemap_pages', () => {
  const pageSize = sql`${sql.placeholder('pageSize')}::int`;
  return sql`select g.page from generate_series(1, (select (coalesce(max(id), 0) + ${pageSize} - 1) / ${pageSize}
      from ${players})) as g(page)
    where exists (select 1 from ${players} p
      where p.id > (g.page - 1) * ${pageSize} and p.id <= g.page * ${pageSize} and ${listable})
    order by g.page`;
});

export type SitemapPlayerRow = {
  id: number;
  firstName: string;
  lastName: string;
  location: string;
  lastModified: Date;
};

/** A row as the driver answers it: the time as a string or a Date, as the driver gives it. */
type StoredSitemapPlayer = Omit<SitemapPlayerRow, 'lastModified'> & { lastModified: string | Date };

/** One sitemap page's players, in id order: ids in (afterId, throughId]. */
export async function listSitemapPlayers(db: Db, afterId: number, throughId: number): Promise<SitemapPlayerRow[]> {
  const rows = (await sitemapPlayersQuery.run(db, { afterId, throughId })) as StoredSitemapPlayer[];
  return rows.map((row) => ({ ...row, id: Number(row.id), lastModified: new Date(row.lastModified) }));
}

const sitemapPlayersQuery = preparedStatement<{ afterId: number; throughId: number }>(
  'seo_sitemap_players',
  () => sql`select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
      ${lastModified} as "lastModified"
    from ${players} p left join ${playerSkill} s on s.player_id = p.id
    where p.id > ${sql.placeholder('afterId')}::int and p.id <= ${sql.placeholder('throughId')}::int and ${listable}
    order by p.id`,
);
