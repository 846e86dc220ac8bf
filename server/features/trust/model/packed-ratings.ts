/**
 * Ratings packed into typed arrays, grouped by player, for the full run: about 60 bytes a rating here and 100 more
 * of working arrays in the fit, where an object per rating cost several hundred (docs/decisions/025).
 */
import { ageInYears, recencyWeight, wholeStar } from './player-estimate';
import type { TrustPlayer, TrustRating } from './types';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

export interface PackedRatings {
  playerCount: number;
  raterCount: number;
  ratingCount: number;
  playerIds: Int32Array;
  /** NaN when the player has no self-reported level. */
  selfLevel: Float64Array;
  /** The rater index of the account linked to each player, -1 when none (or it never rated). */
  ownerOf: Int32Array;
  raterKeys: string[];
  /** Ratings sorted by player: player p's ratings are [playerStart[p], playerStart[p + 1]). */
  playerStart: Int32Array;
  ratingIds: Int32Array;
  playerOf: Int32Array;
  raterOf: Int32Array;
  /** Whole stars 1-5, six per rating. */
  stars: Uint8Array;
  /** Epoch milliseconds. */
  at: Float64Array;
  recency: Float64Array;
  ageYears: Float64Array;
}

/** A growable column of a typed array kind. */
class Column<T extends Int32Array | Float64Array | Uint8Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (size: number) => T,
  ) {}
  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    // Doubling when growing one at a time; exactly the room asked for when told the size ahead.
    const next = this.make(Math.max(this.length + extra, extra > 1 ? 0 : this.data.length * 2, 1024));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}

/**
 * Collects players and ratings as they are read (in pages from the database, or from objects), then packs them.
 * Ratings of unknown players are left out, as are the excluded ones the caller skips, so they count in nothing.
 */
export class RatingPacker {
  private readonly playerIndex = new Map<number, number>();
  private readonly playerIds = new Column(new Int32Array(0), (n) => new Int32Array(n));
  private readonly selfLevels = new Column(new Float64Array(0), (n) => new Float64Array(n));
  private readonly ownerKeys: (string | null)[] = [];
  private readonly raterIndex = new Map<string, number>();
  private readonly raterKeys: string[] = [];
  private readonly ids = new Column(new Int32Array(0), (n) => new Int32Array(n));
  private readonly players = new Column(new Int32Array(0), (n) => new Int32Array(n));
  private readonly raters = new Column(new Int32Array(0), (n) => new Int32Array(n));
  private readonly stars = new Column(new Uint8Array(0), (n) => new Uint8Array(n));
  private readonly times = new Column(new Float64Array(0), (n) => new Float64Array(n));

  addPlayer(player: TrustPlayer): void {
    if (this.playerIndex.has(player.id)) return;
    this.playerIndex.set(player.id, this.playerIds.length);
    this.playerIds.reserve(1);
    this.selfLevels.reserve(1);
    this.playerIds.data[this.playerIds.length++] = player.id;
    const level = player.selfLevel === null || !Number.isFinite(player.selfLevel) ? NaN : player.selfLevel;
    this.selfLevels.data[this.selfLevels.length++] = level;
    this.ownerKeys.push(player.ownerKey);
  }

  /** Room for about this many more ratings at once (a count the caller expects), so the columns grow once. */
  expectRatings(count: number): void {
    if (!(count > 0)) return;
    this.ids.reserve(count);
    this.players.reserve(count);
    this.raters.reserve(count);
    this.times.reserve(count);
    this.stars.reserve(count * N);
  }

  /** The stars as stored (an edited overall may carry a decimal): the model reads whole stars. */
  addRating(id: number, playerId: number, raterKey: string, stars: ArrayLike<number>, at: number): void {
    const p = this.playerIndex.get(playerId);
    if (p === undefined) return;
    let k = this.raterIndex.get(raterKey);
    if (k === undefined) {
      k = this.raterKeys.length;
      this.raterIndex.set(raterKey, k);
      this.raterKeys.push(raterKey);
    }
    this.ids.reserve(1);
    this.players.reserve(1);
    this.raters.reserve(1);
    this.times.reserve(1);
    this.stars.reserve(N);
    const slot = this.ids.length++;
    this.ids.data[slot] = id;
    this.players.data[this.players.length++] = p;
    this.raters.data[this.raters.length++] = k;
    this.times.data[this.times.length++] = at;
    for (let f = 0; f < N; f++) this.stars.data[slot * N + f] = wholeStar(stars[f]);
    this.stars.length += N;
  }

  get ratingCount(): number {
    return this.ids.length;
  }

  /** Sorts by player (stable: each player's ratings keep the order they were added in) and drops the columns. */
  pack(now: number, halfLifeMonths: number): PackedRatings {
    const playerCount = this.playerIds.length;
    const ratingCount = this.ids.length;
    const playerStart = new Int32Array(playerCount + 1);
    for (let i = 0; i < ratingCount; i++) playerStart[this.players.data[i] + 1]++;
    for (let p = 0; p < playerCount; p++) playerStart[p + 1] += playerStart[p];
    const cursor = Int32Array.from(playerStart.subarray(0, playerCount));
    const packed: PackedRatings = {
      playerCount,
      raterCount: this.raterKeys.length,
      ratingCount,
      playerIds: this.playerIds.data.slice(0, playerCount),
      selfLevel: this.selfLevels.data.slice(0, playerCount),
      ownerOf: Int32Array.from(this.ownerKeys, (key) => (key === null ? -1 : (this.raterIndex.get(key) ?? -1))),
      raterKeys: this.raterKeys,
      playerStart,
      ratingIds: new Int32Array(ratingCount),
      playerOf: new Int32Array(ratingCount),
      raterOf: new Int32Array(ratingCount),
      stars: new Uint8Array(ratingCount * N),
      at: new Float64Array(ratingCount),
      recency: new Float64Array(ratingCount),
      ageYears: new Float64Array(ratingCount),
    };
    for (let i = 0; i < ratingCount; i++) {
      const p = this.players.data[i];
      const slot = cursor[p]++;
      const at = this.times.data[i];
      packed.ratingIds[slot] = this.ids.data[i];
      packed.playerOf[slot] = p;
      packed.raterOf[slot] = this.raters.data[i];
      packed.at[slot] = at;
      packed.recency[slot] = recencyWeight(at, now, halfLifeMonths);
      packed.ageYears[slot] = ageInYears(at, now);
      for (let f = 0; f < N; f++) packed.stars[slot * N + f] = this.stars.data[i * N + f];
    }
    return packed;
  }
}

/** Confirmed (excluded) ratings and ratings of unknown players are left out here, so they count in nothing. */
export function packRatings(
  players: TrustPlayer[],
  ratings: TrustRating[],
  now: number,
  halfLifeMonths: number,
): PackedRatings {
  const packer = new RatingPacker();
  for (const player of players) packer.addPlayer(player);
  for (const rating of ratings) {
    if (!rating.excluded) packer.addRating(rating.id, rating.playerId, rating.raterKey, rating.stars, rating.at);
  }
  return packer.pack(now, halfLifeMonths);
}

/** Rating r of the packed arrays as the objects the per-player functions read. */
export function ratingAt(packed: PackedRatings, r: number): TrustRating {
  const s = packed.stars;
  const o = r * N;
  return {
    id: packed.ratingIds[r],
    playerId: packed.playerIds[packed.playerOf[r]],
    raterKey: packed.raterKeys[packed.raterOf[r]],
    stars: [s[o], s[o + 1], s[o + 2], s[o + 3], s[o + 4], s[o + 5]],
    at: packed.at[r],
  };
}
