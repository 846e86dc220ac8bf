import { describe, expect, it } from 'vitest';
import { detectCollusion } from './detect-collusion';
import { fitAll } from './fit-all';
import { estimatePlayer } from './player-estimate';
import { simulateRatings } from './simulate-ratings';
import { TRUST_FIELDS, type Stars6, type TrustPlayer, type TrustRating } from './types';

const sim = simulateRatings({ seed: 5, players: 400, accounts: 300, rings: 4, honestGroups: 4, boosts: 20 });
const fit = fitAll(sim.players, sim.ratings, sim.now);
const byPlayer = new Map<number, TrustRating[]>();
for (const r of sim.ratings) byPlayer.set(r.playerId, [...(byPlayer.get(r.playerId) ?? []), r]);

describe('fitAll', () => {
  it('estimates every player, and the worker (estimatePlayer with leniency held) agrees with it', () => {
    expect(fit.estimates.size).toBe(sim.players.length);
    for (const player of sim.players) {
      const incremental = estimatePlayer(
        fit.hyper,
        (key) => fit.leniency.get(key),
        player,
        byPlayer.get(player.id) ?? [],
        sim.now,
      );
      const full = fit.estimates.get(player.id);
      for (const field of TRUST_FIELDS) {
        expect(incremental.fields[field].mean).toBeCloseTo(full?.fields[field].mean ?? NaN, 6);
        expect(incremental.fields[field].high).toBeCloseTo(full?.fields[field].high ?? NaN, 6);
      }
      expect(incremental.reliability).toEqual(full?.reliability);
    }
  });

  it('keeps the hyper-parameters JSON-serialisable and sane', () => {
    const { hyper } = fit;
    expect(JSON.parse(JSON.stringify(hyper))).toEqual(hyper);
    expect(hyper.noiseVar).toBeGreaterThan(0.05);
    expect(hyper.leniencyVar).toBeGreaterThan(0);
    expect(hyper.slope[0]).toBeGreaterThan(0.3);
    expect(fit.communityMean).toBeGreaterThan(2);
    expect(fit.communityMean).toBeLessThan(4.5);
  });

  it('beats the raw mean against the planted truth', () => {
    let raw = 0;
    let model = 0;
    for (const player of sim.players) {
      const mine = byPlayer.get(player.id) ?? [];
      if (mine.length === 0) continue;
      const truth = sim.truth.get(player.id) as Float64Array;
      TRUST_FIELDS.forEach((field, f) => {
        raw += Math.abs(mine.reduce((s, r) => s + r.stars[f], 0) / mine.length - truth[f]);
        model += Math.abs((fit.estimates.get(player.id)?.fields[field].mean ?? NaN) - truth[f]);
      });
    }
    expect(model).toBeLessThan(0.85 * raw);
  });

  it('counts an excluded rating in nothing: the same fit as without it, weight 0', () => {
    const players = sim.players.slice(0, 60);
    const ids = new Set(players.map((p) => p.id));
    const ratings = sim.ratings.filter((r) => ids.has(r.playerId));
    const victim = ratings[3];
    const withExcluded = fitAll(
      players,
      ratings.map((r) => (r === victim ? { ...r, excluded: true } : r)),
      sim.now,
    );
    const without = fitAll(
      players,
      ratings.filter((r) => r !== victim),
      sim.now,
    );
    expect(withExcluded.hyper).toEqual(without.hyper);
    expect(withExcluded.leniency).toEqual(without.leniency);
    for (const player of players) {
      expect(withExcluded.estimates.get(player.id)?.fields).toEqual(without.estimates.get(player.id)?.fields);
    }
    expect(withExcluded.estimates.get(victim.playerId)?.weights.get(victim.id)).toBe(0);
  });

  it("learns leniency: a lenient rater's 5 moves a new player less than a strict rater's 5", () => {
    const players: TrustPlayer[] = Array.from({ length: 41 }, (_, i) => ({
      id: i + 1,
      selfLevel: null,
      ownerKey: null,
    }));
    const ratings: TrustRating[] = [];
    const stars = (x: number) => Array<number>(6).fill(x) as unknown as Stars6;
    for (let p = 1; p <= 40; p++) {
      // Six ordinary raters agree on a 3; the lenient one says 5, the strict one 2.
      for (let k = 0; k < 6; k++)
        ratings.push({ id: ratings.length + 1, playerId: p, raterKey: `plain${k}`, stars: stars(3), at: sim.now });
      ratings.push({ id: ratings.length + 1, playerId: p, raterKey: 'lenient', stars: stars(5), at: sim.now });
      ratings.push({ id: ratings.length + 1, playerId: p, raterKey: 'strict', stars: stars(2), at: sim.now });
    }
    const small = fitAll(players, ratings, sim.now);
    expect(small.leniency.get('lenient')?.mean).toBeGreaterThan(0.5);
    expect(small.leniency.get('strict')?.mean).toBeLessThan(-0.3);
    const newcomer = players[40];
    const five = (raterKey: string): TrustRating[] => [
      { id: 9999, playerId: 41, raterKey, stars: stars(5), at: sim.now },
    ];
    const leniencyOf = (key: string) => small.leniency.get(key);
    const byLenient = estimatePlayer(small.hyper, leniencyOf, newcomer, five('lenient'), sim.now);
    const byStrict = estimatePlayer(small.hyper, leniencyOf, newcomer, five('strict'), sim.now);
    expect(byLenient.fields.overall.mean).toBeLessThan(byStrict.fields.overall.mean);
  });
});

describe('detectCollusion', () => {
  const flags = detectCollusion(sim.players, sim.ratings, fit, new Set(), sim.now);

  it('flags the planted rings and no honest close-knit group', () => {
    const flagged = new Set(flags.filter((f) => f.type === 'ring').flatMap((f) => f.raterKeys));
    const ringAccounts = [...sim.ringAccounts];
    expect(ringAccounts.filter((a) => flagged.has(a)).length).toBeGreaterThanOrEqual(ringAccounts.length - 1);
    for (const account of sim.honestGroupAccounts) expect(flagged.has(account)).toBe(false);
    for (const flag of flags.filter((f) => f.type === 'ring')) {
      expect(flag.signature).toBe(`ring:${flag.ratingIds.join(',')}`);
      expect(flag.evidence).toHaveProperty('density');
    }
  });

  it('flags most friend boosts with their evidence', () => {
    const boosts = flags.filter((f) => f.type === 'boost');
    const caught = boosts.filter((f) => sim.boostRatingIds.has(f.ratingIds[0])).length;
    expect(caught).toBeGreaterThanOrEqual(sim.boostRatingIds.size * 0.6);
    expect(caught).toBeGreaterThanOrEqual(boosts.length * 0.6);
    expect(boosts[0].evidence).toHaveProperty('playerOthersCount');
  });

  it('does not raise a dismissed signature again', () => {
    const dismissed = new Set(flags.map((f) => f.signature));
    expect(detectCollusion(sim.players, sim.ratings, fit, dismissed, sim.now)).toEqual([]);
  });
});
