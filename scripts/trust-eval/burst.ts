/**
 * The burst case (docs/product.md#bursts), through the rule the server applies (model/burst-rule.ts) and the
 * worker's estimate of a touched player (estimatePlayer with the full run's settings):
 *   attack      20 new accounts give one player 1 star within a day, on the simulated site (its accounts weeks old);
 *               the player's shown overall estimate must move by at most 0.1 star;
 *   league      15 established accounts rate one player together: nothing held;
 *   new site    15 accounts on a site where every account is new rate one player together: nothing held.
 */
import { BURST_RULE, isHeldBurst, type SiteAccounts } from '../../server/features/trust/model/burst-rule';
import { estimatePlayer } from '../../server/features/trust/model/player-estimate';
import type { Simulation } from '../../server/features/trust/model/simulate-ratings';
import type { FullFit, Stars6, TrustRating } from '../../server/features/trust/model/types';

const ATTACKERS = 20;
const LEAGUE = 15;
const TARGETS_PER_SEED = 40;
const HOUR_MS = 3600 * 1000;
export const BURST_TARGET_SHIFT = 0.1;

export type BurstTally = {
  targets: number;
  /** Largest and summed shift of a target's overall estimate after the attack, with the hold and without it. */
  maxShift: number;
  sumShift: number;
  sumShiftUnheld: number;
  /** Largest shift while the burst's first ratings count, before the one that makes it a burst. */
  maxShiftBeforeHold: number;
  attackHeld: number;
  attackRatings: number;
  leagueHeld: number;
  leagueRatings: number;
  newSiteHeld: number;
  newSiteRatings: number;
};

export const newBurstTally = (): BurstTally => ({
  targets: 0,
  maxShift: 0,
  sumShift: 0,
  sumShiftUnheld: 0,
  maxShiftBeforeHold: 0,
  attackHeld: 0,
  attackRatings: 0,
  leagueHeld: 0,
  leagueRatings: 0,
  newSiteHeld: 0,
  newSiteRatings: 0,
});

/**
 * Young accounts' ratings of one player arriving one by one within the window: which are held once the burst is
 * found. Each arrival checks the distinct young accounts so far, as the submit path does; a found burst holds them
 * all, and every later one joins it.
 */
function heldOf(arrivals: { young: boolean }[], site: SiteAccounts): { held: boolean[]; foundAt: number } {
  const held = arrivals.map(() => false);
  let young = 0;
  let foundAt = -1;
  arrivals.forEach((arrival, index) => {
    if (!arrival.young) return;
    young += 1;
    if (foundAt < 0 && isHeldBurst(young, site)) {
      foundAt = index;
      for (let earlier = 0; earlier < index; earlier += 1) held[earlier] = arrivals[earlier].young;
    }
    held[index] = foundAt >= 0;
  });
  return { held, foundAt };
}

export function scoreBursts(sim: Simulation, fit: FullFit, counted: TrustRating[], tally: BurstTally): void {
  const { now } = sim;
  const byPlayer = new Map<number, TrustRating[]>();
  for (const r of counted) if (!r.excluded) byPlayer.set(r.playerId, [...(byPlayer.get(r.playerId) ?? []), r]);
  const raterKeys = [...new Set(counted.map((r) => r.raterKey))];
  // The simulated site: every account weeks old; the attack's accounts are the only young ones.
  const established: SiteAccounts = { accounts: raterKeys.length + ATTACKERS, youngAccounts: ATTACKERS };
  const overall = (playerIndex: number, ratings: TrustRating[]) =>
    estimatePlayer(fit.hyper, (key) => fit.leniency.get(key), sim.players[playerIndex], ratings, now).fields.overall
      .mean;
  const rated = sim.players.map((player, index) => ({ player, index })).filter((p) => byPlayer.has(p.player.id));
  const step = Math.max(1, Math.floor(rated.length / TARGETS_PER_SEED));
  let nextId = Math.max(...counted.map((r) => r.id)) + 1;
  const stars = (value: number): Stars6 => [value, value, value, value, value, value];

  for (let t = 0, picked = 0; t < rated.length && picked < TARGETS_PER_SEED; t += step, picked += 1) {
    const { player, index } = rated[t];
    const own = byPlayer.get(player.id)!;
    const before = overall(index, own);
    const attack: TrustRating[] = Array.from({ length: ATTACKERS }, (_, i) => ({
      id: nextId++,
      playerId: player.id,
      raterKey: `burst-${player.id}-${i}@example.com`,
      stars: stars(1),
      at: now - BURST_RULE.windowHours * HOUR_MS + ((i + 1) * BURST_RULE.windowHours * HOUR_MS) / (ATTACKERS + 1),
    }));
    const { held, foundAt } = heldOf(
      attack.map(() => ({ young: true })),
      established,
    );
    const after = overall(index, [...own, ...attack.filter((_, i) => !held[i])]);
    const unheld = overall(index, [...own, ...attack]);
    // Just before the rating that makes it a burst: the ones before it count for that moment.
    const beforeHold = overall(index, [...own, ...attack.slice(0, foundAt < 0 ? ATTACKERS : foundAt)]);
    tally.targets += 1;
    tally.maxShift = Math.max(tally.maxShift, Math.abs(after - before));
    tally.sumShift += Math.abs(after - before);
    tally.sumShiftUnheld += Math.abs(unheld - before);
    tally.maxShiftBeforeHold = Math.max(tally.maxShiftBeforeHold, Math.abs(beforeHold - before));
    tally.attackHeld += held.filter(Boolean).length;
    tally.attackRatings += ATTACKERS;

    // A league night: established accounts of the site rate the player together (their accounts are not young).
    const league = raterKeys.filter((key) => !own.some((r) => r.raterKey === key)).slice(t % 97, (t % 97) + LEAGUE);
    tally.leagueHeld += heldOf(
      league.map(() => ({ young: false })),
      { accounts: raterKeys.length, youngAccounts: 0 },
    ).held.filter(Boolean).length;
    tally.leagueRatings += league.length;

    // A new site: every account is young, the league's too.
    tally.newSiteHeld += heldOf(
      league.map(() => ({ young: true })),
      { accounts: raterKeys.length, youngAccounts: raterKeys.length },
    ).held.filter(Boolean).length;
    tally.newSiteRatings += league.length;
  }
}

const fix = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

export function reportBursts(tally: BurstTally): { lines: string[]; verdicts: [string, boolean, string][] } {
  const lines = [
    '',
    `Bursts (${tally.targets} target players; rule: ${BURST_RULE.minAccounts}+ accounts younger than ${BURST_RULE.youngDays} days within ${BURST_RULE.windowHours} h, young accounts under ${BURST_RULE.maxSiteYoungShare * 100}% of the site's others):`,
    '',
    '| check | figure |',
    '|---|---|',
    `| 20 new accounts' 1 stars: shift of the shown overall estimate, largest / mean | ${fix(tally.maxShift)} / ${fix(tally.sumShift / tally.targets)} |`,
    `| the same without the hold, mean shift | ${fix(tally.sumShiftUnheld / tally.targets)} |`,
    `| while the burst's first ${BURST_RULE.minAccounts - 1} ratings count (until the next one holds them), largest shift | ${fix(tally.maxShiftBeforeHold)} |`,
    `| attack ratings held | ${tally.attackHeld}/${tally.attackRatings} |`,
    `| league night, 15 established raters: ratings held | ${tally.leagueHeld}/${tally.leagueRatings} |`,
    `| new site, 15 new accounts on one player: ratings held | ${tally.newSiteHeld}/${tally.newSiteRatings} |`,
  ];
  const verdicts: [string, boolean, string][] = [
    [
      `burst of 20 new accounts moves the shown estimate ≤${BURST_TARGET_SHIFT}`,
      tally.maxShift <= BURST_TARGET_SHIFT,
      fix(tally.maxShift),
    ],
    ['league night of 15 established raters held: 0', tally.leagueHeld === 0, String(tally.leagueHeld)],
    ['new site, 15 new accounts held: 0', tally.newSiteHeld === 0, String(tally.newSiteHeld)],
  ];
  return { lines, verdicts };
}
