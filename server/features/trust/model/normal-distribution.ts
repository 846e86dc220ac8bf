/** The standard normal distribution, accurate in the tails (the ordinal reading lives there), plus a seeded RNG. */

const SQRT1_2PI = 0.3989422804014327;

export function normalPdf(x: number): number {
  return SQRT1_2PI * Math.exp(-0.5 * x * x);
}

/** erfc with a relative error below 1.2e-7 everywhere (Numerical Recipes' Chebyshev fit): good deep in a tail. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** Acklam's inverse normal CDF (relative error about 1e-9), coefficients inline so a call allocates nothing. */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  if (p < 0.02425 || p > 0.97575) {
    const q = Math.sqrt(-2 * Math.log(p < 0.5 ? p : 1 - p));
    const x =
      (((((-0.007784894002430293 * q - 0.3223964580411365) * q - 2.400758277161838) * q - 2.549732539343734) * q +
        4.374664141464968) *
        q +
        2.938163982698783) /
      ((((0.007784695709041462 * q + 0.3224671290700398) * q + 2.445134137142996) * q + 3.754408661907416) * q + 1);
    return p < 0.5 ? x : -x;
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((-39.69683028665376 * r + 220.9460984245205) * r - 275.9285104469687) * r + 138.357751867269) * r -
      30.66479806614716) *
      r +
      2.506628277459239) *
      q) /
    (((((-54.47609879822406 * r + 161.5858368580409) * r - 155.6989798598866) * r + 66.80131188771972) * r -
      13.28068155288572) *
      r +
      1)
  );
}

/** z for a central 90% interval. */
export const Z90 = 1.6448536269514722;

/** A seeded generator (mulberry32), so a full run and the evaluation are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gaussianSampler(random: () => number): () => number {
  let spare = NaN;
  return () => {
    if (!Number.isNaN(spare)) {
      const value = spare;
      spare = NaN;
      return value;
    }
    let u = random();
    while (u <= 1e-300) u = random();
    const radius = Math.sqrt(-2 * Math.log(u));
    const angle = 2 * Math.PI * random();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}

/**
 * A standard normal draw restricted to [lo, hi] (either end may be infinite). Rejection where it is cheap
 * (a narrow interval: uniform proposals; a far tail: Robert's exponential proposals; otherwise plain normal
 * draws), inverting the CDF only as a fallback. The sampler draws millions of these per run.
 */
export function truncatedNormal(lo: number, hi: number, random: () => number, gauss: () => number): number {
  if (lo > 0 && hi === Infinity) return tailDraw(lo, random);
  if (hi < 0 && lo === -Infinity) return -tailDraw(-hi, random);
  if (hi - lo < 2.5) {
    const nearest = lo > 0 ? lo : hi < 0 ? hi : 0;
    for (let i = 0; i < 50; i++) {
      const x = lo + random() * (hi - lo);
      if (random() < Math.exp(0.5 * (nearest * nearest - x * x))) return x;
    }
  } else if (lo < 0.5 && hi > -0.5) {
    for (let i = 0; i < 50; i++) {
      const x = gauss();
      if (x >= lo && x <= hi) return x;
    }
  }
  return inverseDraw(lo, hi, random);
}

function tailDraw(lo: number, random: () => number): number {
  if (lo < 0.5) {
    for (let i = 0; i < 50; i++) {
      const x = normalQuantile(random());
      if (x >= lo) return x;
    }
    return inverseDraw(lo, Infinity, random);
  }
  const rate = (lo + Math.sqrt(lo * lo + 4)) / 2;
  for (let i = 0; i < 100; i++) {
    const x = lo - Math.log(1 - random()) / rate;
    if (random() < Math.exp(-0.5 * (x - rate) * (x - rate))) return x;
  }
  return lo;
}

function inverseDraw(lo: number, hi: number, random: () => number): number {
  if (lo > 0) return -inverseDraw(-hi, -lo, random);
  const pLo = lo === -Infinity ? 0 : normalCdf(lo);
  const pHi = hi === Infinity ? 1 : normalCdf(hi);
  if (pHi - pLo < 1e-300) return hi;
  const x = normalQuantile(pLo + random() * (pHi - pLo));
  return Math.min(hi, Math.max(lo, x));
}

/**
 * Moments of u ~ N(mean, variance) after multiplying by the probit likelihood Φ(sign × (u − threshold) / noiseSd):
 * what one clipped star (a 5 means "at least 4.5", a 1 "at most 1.5") says about the latent score.
 */
export function probitTilted(
  mean: number,
  variance: number,
  threshold: number,
  sign: 1 | -1,
  noiseSd: number,
  out: { mean: number; variance: number } = { mean: 0, variance: 0 },
): { mean: number; variance: number } {
  const spread = Math.sqrt(noiseSd * noiseSd + variance);
  const k = Math.max(-30, (sign * (mean - threshold)) / spread);
  const cdf = normalCdf(k);
  // Mills ratio; its asymptote keeps the far tail finite.
  const ratio = cdf > 1e-300 ? normalPdf(k) / cdf : -k;
  out.mean = mean + (sign * variance * ratio) / spread;
  out.variance = variance - (variance * variance * ratio * (ratio + k)) / (spread * spread);
  return out;
}
