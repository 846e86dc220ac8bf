/**
 * A planted-truth world for the evaluation and the tests: players with true per-category skill, raters with
 * leniency (some sharing a club's culture), noise and a halo, rings, friend boosts, honest close-knit groups
 * (the hard negatives), players who improve, and helpfulness votes biased by flattery.
 */
import { gaussianSampler, seededRandom } from './normal-distribution';
import type { Stars6, TrustPlayer, TrustRating } from './types';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

export interface SimulationOptions {
  seed: number;
  players?: number;
  accounts?: number;
  rings?: number;
  honestGroups?: number;
  boosts?: number;
  years?: number;
  /** Mean ratings per player, about 6.5 as in the brief's sets. */
  ratingsPerPlayer?: number;
  now?: number;
}

export interface Simulation {
  now: number;
  players: TrustPlayer[];
  ratings: TrustRating[];
  /** True skill today, per player id, six fields. */
  truth: Map<number, Float64Array>;
  ringAccounts: Set<string>;
  honestGroupAccounts: Set<string>;
  ringRatingIds: Set<number>;
  boostRatingIds: Set<number>;
  votes: Array<{ ratingId: number; raterKey: string; vote: number }>;
  raterQuality: Map<string, number>;
}

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

export function simulateRatings(options: SimulationOptions): Simulation {
  const random = seededRandom(options.seed * 7919 + 17);
  const gauss = gaussianSampler(random);
  const playerCount = options.players ?? 2000;
  const accountCount = options.accounts ?? 1400;
  const ownedCount = Math.min(playerCount, Math.round(accountCount * 0.8));
  const years = options.years ?? 3;
  const now = options.now ?? Date.UTC(2026, 10, 25);
  const clubs = Math.max(4, Math.round(playerCount / 100));
  const clip = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

  // Clubs share a rating culture: some lenient, some severe.
  const clubLeniency = Array.from({ length: clubs }, () => gauss() * 0.3);
  const playerClub = Int32Array.from({ length: playerCount }, () => Math.floor(random() * clubs));
  const level = Float64Array.from({ length: playerCount }, () => clip(3.1 + gauss() * 0.75, 1.2, 4.9));
  const improving = Float64Array.from({ length: playerCount }, () => (random() < 0.3 ? 0.15 + random() * 0.25 : 0));

  const accountClub = Int32Array.from({ length: accountCount }, (_, a) =>
    a < ownedCount ? playerClub[a] : Math.floor(random() * clubs),
  );
  const inCulture = Array.from({ length: accountCount }, () => random() < 0.6);
  const leniency = Float64Array.from(
    { length: accountCount },
    (_, a) => gauss() * 0.25 + (inCulture[a] ? clubLeniency[accountClub[a]] : 0),
  );
  const noiseSd = Float64Array.from({ length: accountCount }, () => (random() < 0.2 ? 0.9 : 0.45));
  const quality = Float64Array.from({ length: accountCount }, () => gauss());
  const key = (a: number): string => `acct-${a}`;

  // Groups: rings (ordinary players, fake 5s) and honest close-knit groups (strong players, honest ratings).
  const grouped = new Set<number>();
  const takeGroup = (): number[] => {
    const size = 3 + Math.floor(random() * 4);
    const members: number[] = [];
    while (members.length < size) {
      const a = Math.floor(random() * ownedCount);
      if (!grouped.has(a)) {
        grouped.add(a);
        members.push(a);
      }
    }
    return members;
  };
  const rings = Array.from({ length: options.rings ?? 25 }, takeGroup);
  const honestGroups = Array.from({ length: options.honestGroups ?? 30 }, takeGroup);
  for (const ring of rings) for (const a of ring) level[a] = clip(3 + gauss() * 0.5, 1.5, 4.2);
  for (const group of honestGroups) {
    for (const a of group) {
      level[a] = 4.2 + random() * 0.6;
      leniency[a] = Math.abs(leniency[a]) * 0.5;
    }
  }

  const skillNow = new Float64Array(playerCount * N);
  for (let p = 0; p < playerCount; p++) {
    for (let f = 0; f < N; f++) skillNow[p * N + f] = clip(level[p] + gauss() * 0.3, 1, 5);
  }
  const skillAt = (p: number, f: number, at: number): number =>
    Math.max(1, skillNow[p * N + f] - (improving[p] * (now - at)) / YEAR_MS);

  const players: TrustPlayer[] = [];
  for (let p = 0; p < playerCount; p++) {
    const u = random();
    const selfLevel = u < 0.65 ? clip(Math.round((level[p] + gauss() * 0.45) * 2) / 2, 1, 5) : null;
    players.push({ id: p + 1, selfLevel, ownerKey: p < ownedCount ? key(p) : null });
  }

  const ratings: TrustRating[] = [];
  const rated = new Set<string>();
  const votes: Simulation['votes'] = [];
  const ringRatingIds = new Set<number>();
  const boostRatingIds = new Set<number>();
  const randomTime = (): number => now - random() * years * YEAR_MS;
  const addRating = (p: number, a: number, stars: Stars6, at: number): TrustRating | null => {
    const pair = `${p}:${a}`;
    if (a === p || rated.has(pair)) return null;
    rated.add(pair);
    const rating: TrustRating = { id: ratings.length + 1, playerId: p + 1, raterKey: key(a), stars, at };
    ratings.push(rating);
    // The rated player may vote on the rating; people find flattering ratings helpful.
    if (p < ownedCount && random() < 0.55) {
      let truthMean = 0;
      let starMean = 0;
      for (let f = 0; f < N; f++) {
        truthMean += skillAt(p, f, at) / N;
        starMean += stars[f] / N;
      }
      const vote = clip(Math.round(3.2 + 0.8 * quality[a] + 0.7 * (starMean - truthMean) + gauss() * 0.8), 1, 5);
      votes.push({ ratingId: rating.id, raterKey: key(a), vote });
    }
    return rating;
  };
  const honestStars = (p: number, a: number, at: number): Stars6 => {
    const halo = gauss() * 0.3;
    const stars = Array.from({ length: N }, (_, f) =>
      clip(Math.round(skillAt(p, f, at) + leniency[a] + halo + gauss() * noiseSd[a]), 1, 5),
    );
    return stars as unknown as Stars6;
  };

  const meanRatings = options.ratingsPerPlayer ?? 6.5;
  const scale = meanRatings / 6.5;
  const clubAccounts: number[][] = Array.from({ length: clubs }, () => []);
  for (let a = 0; a < accountCount; a++) clubAccounts[accountClub[a]].push(a);
  for (let p = 0; p < playerCount; p++) {
    const u = random();
    const base =
      u < 0.08
        ? 0
        : u < 0.28
          ? 1
          : u < 0.58
            ? 2 + Math.floor(random() * 3)
            : u < 0.8
              ? 5 + Math.floor(random() * 5)
              : 10 + Math.floor(random() * 21);
    const count = Math.round(base * scale);
    for (let i = 0, tries = 0; i < count && tries < count * 10; tries++) {
      const a = random() < 0.7 ? pick(clubAccounts[playerClub[p]]) : Math.floor(random() * accountCount);
      const at = randomTime();
      if (addRating(p, a, honestStars(p, a, at), at)) i++;
    }
  }
  for (const group of honestGroups) {
    for (const a of group)
      for (const p of group) {
        const at = randomTime();
        addRating(p, a, honestStars(p, a, at), at);
      }
  }
  rings.forEach((ring, index) => {
    const camouflaged = index % 5 < 2;
    for (const a of ring)
      for (const p of ring) {
        const stars = [5, 5, 5, 5, 5, 5];
        if (camouflaged) {
          const fours = 1 + Math.floor(random() * 2);
          for (let i = 0; i < fours; i++) stars[Math.floor(random() * N)] = 4;
        }
        const rating = addRating(p, a, stars as unknown as Stars6, randomTime());
        if (rating) ringRatingIds.add(rating.id);
      }
  });

  const ratingsOf = new Map<number, number>();
  for (const r of ratings) ratingsOf.set(r.playerId, (ratingsOf.get(r.playerId) ?? 0) + 1);
  const boostable = players.filter(
    (p) => (ratingsOf.get(p.id) ?? 0) >= 2 && level[p.id - 1] < 3.9 && !grouped.has(p.id - 1),
  );
  for (let i = 0; i < (options.boosts ?? 150) && boostable.length > 0; i++) {
    const target = boostable.splice(Math.floor(random() * boostable.length), 1)[0];
    const stars = [5, 5, 5, 5, 5, 5];
    if (random() < 0.4) stars[Math.floor(random() * N)] = 4;
    const rating = addRating(
      target.id - 1,
      Math.floor(random() * accountCount),
      stars as unknown as Stars6,
      randomTime(),
    );
    if (rating) boostRatingIds.add(rating.id);
  }

  const truth = new Map<number, Float64Array>();
  for (let p = 0; p < playerCount; p++) truth.set(p + 1, skillNow.slice(p * N, p * N + N));
  const raterQuality = new Map<string, number>();
  for (let a = 0; a < accountCount; a++) raterQuality.set(key(a), quality[a]);
  return {
    now,
    players,
    ratings,
    truth,
    ringAccounts: new Set(rings.flat().map(key)),
    honestGroupAccounts: new Set(honestGroups.flat().map(key)),
    ringRatingIds,
    boostRatingIds,
    votes,
    raterQuality,
  };
}
