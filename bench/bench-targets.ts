/** One database the bench runs on, and what it is seeded with when it is empty. */
export type BenchTarget = { label: string; databaseUrl: string; players: number; ratings: number };

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pr_bench';

/** The seed's proportion, kept at every size: ten ratings per player. */
const RATINGS_PER_PLAYER = 10;

/** "1m" is 1,000,000 ratings, "20k" 20,000; a plain number is taken as it is. */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`unreadable size "${text}" (e.g. 1m, 10m, 20k)`);
  const factor = { '': 1, k: 1_000, m: 1_000_000 }[match[2].toLowerCase() as '' | 'k' | 'm'];
  return Math.round(Number(match[1]) * factor);
}

export function sizeLabel(ratings: number): string {
  if (ratings % 1_000_000 === 0) return `${ratings / 1_000_000}m`;
  if (ratings % 1_000 === 0) return `${ratings / 1_000}k`;
  return String(ratings);
}

/** pr_bench holds 1M ratings (as it always has), pr_bench10 10M, pr_bench_20k 20k: one database per size. */
export function databaseUrlForSize(ratings: number, base = DEFAULT_DATABASE_URL): string {
  const url = new URL(base);
  let name = 'pr_bench';
  if (ratings % 1_000_000 === 0 && ratings !== 1_000_000) name = `pr_bench${ratings / 1_000_000}`;
  else if (ratings !== 1_000_000) name = `pr_bench_${sizeLabel(ratings)}`;
  url.pathname = `/${name}`;
  return url.toString();
}

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** One value per database, or one value for all of them. */
function perTarget(values: number[], count: number, name: string): number[] {
  if (values.length === 1) return Array.from({ length: count }, () => values[0]);
  if (values.length === count) return values;
  throw new Error(`--${name} has ${values.length} values for ${count} databases`);
}

export type TargetArgs = {
  /** Comma-separated URLs. */
  databaseUrl?: string;
  players?: string;
  ratings?: string;
  /** Comma-separated sizes in ratings (1m,10m): each size's conventional database, players a tenth of the ratings. */
  sizes?: string;
  /** N: the 1M database and the one N times its size (--scale 10 is --sizes 1m,10m). */
  scale?: string;
};

/** The databases a bench run measures, smallest first; several make a report across sizes. */
export function benchTargets(args: TargetArgs): BenchTarget[] {
  const urls = list(args.databaseUrl);
  if (args.scale !== undefined && args.sizes !== undefined) throw new Error('--scale and --sizes: give one');
  let sizes = list(args.sizes).map(parseSize);
  if (args.scale !== undefined) {
    const factor = Number(args.scale);
    if (!Number.isInteger(factor) || factor < 2) throw new Error(`--scale ${args.scale}: a whole factor of 2 or more`);
    const base = args.ratings ? parseSize(args.ratings) : 1_000_000;
    sizes = [base, base * factor];
  }
  if (sizes.length > 0) {
    if (urls.length > 0 && urls.length !== sizes.length) {
      throw new Error(`--database-url has ${urls.length} databases for ${sizes.length} sizes`);
    }
    return sizes
      .map((ratings, i) => ({
        label: sizeLabel(ratings),
        databaseUrl: urls[i] ?? databaseUrlForSize(ratings),
        players: Math.round(ratings / RATINGS_PER_PLAYER),
        ratings,
      }))
      .sort((a, b) => a.ratings - b.ratings);
  }
  const databaseUrls = urls.length > 0 ? urls : [DEFAULT_DATABASE_URL];
  const players = perTarget(list(args.players ?? '100000').map(parseSize), databaseUrls.length, 'players');
  const ratings = perTarget(list(args.ratings ?? '1000000').map(parseSize), databaseUrls.length, 'ratings');
  return databaseUrls.map((databaseUrl, i) => ({
    label: decodeURIComponent(new URL(databaseUrl).pathname.slice(1)),
    databaseUrl,
    players: players[i],
    ratings: ratings[i],
  }));
}
