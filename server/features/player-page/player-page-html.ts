import { OVERALL_LABEL, RATING_CATEGORIES } from '../../../common/constants';
import { playerPageMeta } from '../../../common/player-page-meta';
import { playerPath, publicPlace } from '../../../common/player-path';
import type { PlayerPage } from '../../../common/schemas/player-page';
import { SITE_NAME, type PageMeta } from '../../../common/seo';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../../plugins/page-head';
import type { PlayerPages, SignedOutRenderer } from '../../plugins/player-pages';
import type { FirstDraws } from '../seo/first-draws.service';
import { findPlayerPageSummary, type PlayerPageSummaryRow } from './player-page.repo';
import { keptPlayerOf } from '../players/player-merge.service';
import { isMembersOnly, SIGNED_OUT } from '../players/player-visibility.service';
import { firstCommentsOf, getPlayerPage } from './player-page.service';

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
const ratingsText = (n: number) => `${n.toLocaleString('en-US')} rating${n === 1 ? '' : 's'}`;
const fullName = (player: { firstName: string; lastName: string }) => `${player.firstName} ${player.lastName}`;

/** The head of a public page: the tags the client also applies on navigation (common/player-page-meta). */
export const publicPageMeta = (page: PlayerPage, publicUrl: string): PageMeta => playerPageMeta(page, publicUrl);

/** A members-only page as anyone gets its HTML: the name alone, kept out of indexes; the client asks to sign in. */
export function membersOnlyMeta(player: PlayerPageSummaryRow): PageMeta {
  const name = fullName(player);
  return {
    title: `${name} · ${SITE_NAME}`,
    description: `${name}'s page on ${SITE_NAME} is for members: sign in to see it.`,
    path: playerPath(player),
    noindex: true,
    ogType: 'profile',
  };
}

/** Classes the client's own pages use (the built style sheet has only those), in the layout's width. */
const ARTICLE = '<article class="mx-auto w-full max-w-6xl px-4 py-8">';

/*
 * The page's main facts as plain HTML inside #root, for crawlers and link previews when the page itself cannot be
 * pre-rendered (no server-side renderer, or it failed). The client draws the page anew over it when it starts.
 */
export function publicFactsHtml(page: PlayerPage): string {
  const { overall, reliability, categories } = page.skill;
  const rated = reliability.ratings > 0 && reliability.label !== 'none';
  const estimate = (value: { mean: number; low: number; high: number }) =>
    `${oneDecimal(value.mean)} out of 5 (likely between ${oneDecimal(value.low)} and ${oneDecimal(value.high)})`;
  const facts = [
    `<dt class="font-medium">${OVERALL_LABEL}</dt><dd>${rated ? estimate(overall) : 'Not rated yet'}</dd>`,
    `<dt class="font-medium">Ratings</dt><dd>${ratingsText(reliability.ratings)} from ${reliability.distinctRaters} rater${reliability.distinctRaters === 1 ? '' : 's'}</dd>`,
    `<dt class="font-medium">Reliability</dt><dd>${rated ? `${reliability.label[0].toUpperCase()}${reliability.label.slice(1)}` : 'None yet'}</dd>`,
    `<dt class="font-medium">Skill level</dt><dd>${page.isVerified ? escapeHtml(page.skillLevel) : 'Unverified'}</dd>`,
    ...(rated
      ? RATING_CATEGORIES.map(
          ({ key, label }) => `<dt class="font-medium">${escapeHtml(label)}</dt><dd>${estimate(categories[key])}</dd>`,
        )
      : []),
  ];
  return [
    ARTICLE,
    `<h1 class="text-2xl font-bold text-stone-900">${escapeHtml(fullName(page))}</h1>`,
    page.place ? `<p class="text-stone-600">${escapeHtml(page.place)}</p>` : '',
    page.isVerified ? '<p class="text-stone-600">Verified player</p>' : '',
    `<dl class="mt-4 grid max-w-xl grid-cols-2 gap-2 text-sm text-stone-700">${facts.join('')}</dl>`,
    '</article>',
  ].join('');
}

export function membersOnlyFactsHtml(player: PlayerPageSummaryRow): string {
  return [
    ARTICLE,
    `<h1 class="text-2xl font-bold text-stone-900">${escapeHtml(fullName(player))}</h1>`,
    `<p class="text-stone-600">This page is for members. <a class="font-semibold text-teal-700 underline" href="/login?next=${encodeURIComponent(playerPath(player))}">Sign in</a> to see it.</p>`,
    '</article>',
  ].join('');
}

/*
 * Whatever the page's HTML shows, read from the one row each request reads. A new rating (and so a new comment,
 * and new star counts and history) recomputes the estimate, whose time is here. What is not here (a claim asked
 * for, a comment held by moderation, a rater's new name) shows once the kept page expires (the plugin's ttl).
 */
const versionOf = (player: PlayerPageSummaryRow) =>
  JSON.stringify([
    player.skillComputedAtMs,
    player.firstName,
    player.lastName,
    publicPlace(player.location),
    isMembersOnly(player),
    player.isVerified,
    player.skillLevel,
    player.yearsPlaying,
    player.bio,
    player.unvetted,
  ]);

const ANONYMOUS = SIGNED_OUT;

/**
 * The page as the client draws it for a signed-out visitor, with the answers of its two queries (decision 010),
 * or undefined when it cannot be drawn: the facts are sent instead.
 */
async function signedOutPage(db: Db, page: PlayerPage, ssr: SignedOutRenderer, log?: FastifyBaseLogger) {
  try {
    const comments = await firstCommentsOf(db, page, ssr.commentsPageSize);
    return await ssr.renderPlayerPage(page, comments);
  } catch (error) {
    log?.warn({ err: error, playerId: page.id }, 'Pre-rendering a player page failed: its facts are sent');
    return undefined;
  }
}

/**
 * A merged player's address: the kept player's page, whose path is not the address asked for, so the plugin answers
 * 301 there (docs/product.md#merging-players).
 */
async function keptPlayerSummary(db: Db, mergedId: number) {
  const keptId = await keptPlayerOf(db, mergedId);
  return keptId === null ? undefined : findPlayerPageSummary(db, keptId);
}

/**
 * The player pages the client plugin serves: one primary-key read per request, the page drawn on a new version.
 * `firstDraws`: the per-address budget of pages drawn anew (docs/product.md#first-draws); past it, a caller gets the
 * page's facts, which cost no drawing, and that answer is not kept.
 */
export function playerPagesFrom(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL'>,
  log?: FastifyBaseLogger,
  firstDraws?: FirstDraws,
): PlayerPages {
  return async (requestedId) => {
    const player = (await findPlayerPageSummary(db, requestedId)) ?? (await keptPlayerSummary(db, requestedId));
    if (!player) return undefined;
    const { id } = player;
    return {
      path: playerPath(player),
      version: versionOf(player),
      noindex: isMembersOnly(player) || player.unvetted,
      render: async (ssr, caller) => {
        if (isMembersOnly(player)) return { meta: membersOnlyMeta(player), root: membersOnlyFactsHtml(player) };
        const drawn = !firstDraws || (await firstDraws(caller.address));
        const renderer = drawn ? ssr : undefined;
        const page = await getPlayerPage(db, id, ANONYMOUS);
        return {
          meta: publicPageMeta(page, env.PUBLIC_URL),
          root: publicFactsHtml(page),
          signedOut: renderer && (await signedOutPage(db, page, renderer, log)),
          keep: drawn,
        };
      },
    };
  };
}
