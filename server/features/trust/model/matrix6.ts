/**
 * 6x6 symmetric matrices in row-major Float64Arrays. Written out by hand rather than taken from a library:
 * the full run calls them a few hundred thousand times, so they work in place and allocate nothing.
 */

export const N = 6;

/** In-place Cholesky (lower triangle into `l`); returns false when `a` is not positive definite. */
export function cholesky(a: Float64Array, l: Float64Array): boolean {
  for (let i = 0; i < N; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * N + j];
      for (let k = 0; k < j; k++) sum -= l[i * N + k] * l[j * N + k];
      if (i === j) {
        if (sum <= 0) return false;
        l[i * N + i] = Math.sqrt(sum);
      } else {
        l[i * N + j] = sum / l[j * N + j];
      }
    }
    for (let j = i + 1; j < N; j++) l[i * N + j] = 0;
  }
  return true;
}

/** Solves (L Lᵀ) x = b. */
export function choleskySolve(l: Float64Array, b: ArrayLike<number>, x: Float64Array): void {
  for (let i = 0; i < N; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= l[i * N + k] * x[k];
    x[i] = sum / l[i * N + i];
  }
  for (let i = N - 1; i >= 0; i--) {
    let sum = x[i];
    for (let k = i + 1; k < N; k++) sum -= l[k * N + i] * x[k];
    x[i] = sum / l[i * N + i];
  }
}

const unit = new Float64Array(N);
const column = new Float64Array(N);

/** (L Lᵀ)⁻¹ into `out`. */
export function choleskyInverse(l: Float64Array, out: Float64Array): void {
  for (let j = 0; j < N; j++) {
    unit.fill(0);
    unit[j] = 1;
    choleskySolve(l, unit, column);
    for (let i = 0; i < N; i++) out[i * N + j] = column[i];
  }
}

const scratchL = new Float64Array(N * N);

/** Inverse of a symmetric positive definite matrix, with a small ridge if rounding made it indefinite. */
export function invertSpd(a: ArrayLike<number>, out: Float64Array = new Float64Array(N * N)): Float64Array {
  const copy = Float64Array.from(a);
  for (let ridge = 1e-9; !cholesky(copy, scratchL); ridge *= 10) {
    for (let i = 0; i < N; i++) copy[i * N + i] += ridge;
  }
  choleskyInverse(scratchL, out);
  return out;
}

/** Cyclic Jacobi eigen-decomposition: a = V diag(values) Vᵀ, eigenvectors in the columns of `vectors`. */
export function symmetricEigen(a: ArrayLike<number>): { values: Float64Array; vectors: Float64Array } {
  const m = Float64Array.from(a);
  const v = new Float64Array(N * N);
  for (let i = 0; i < N; i++) v[i * N + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < N; p++) for (let q = p + 1; q < N; q++) off += m[p * N + q] * m[p * N + q];
    if (off < 1e-22) break;
    for (let p = 0; p < N; p++) {
      for (let q = p + 1; q < N; q++) {
        const apq = m[p * N + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (m[q * N + q] - m[p * N + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < N; k++) {
          const mkp = m[k * N + p];
          const mkq = m[k * N + q];
          m[k * N + p] = c * mkp - s * mkq;
          m[k * N + q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < N; k++) {
          const mpk = m[p * N + k];
          const mqk = m[q * N + k];
          m[p * N + k] = c * mpk - s * mqk;
          m[q * N + k] = s * mpk + c * mqk;
        }
        for (let k = 0; k < N; k++) {
          const vkp = v[k * N + p];
          const vkq = v[k * N + q];
          v[k * N + p] = c * vkp - s * vkq;
          v[k * N + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(N);
  for (let i = 0; i < N; i++) values[i] = m[i * N + i];
  return { values, vectors: v };
}

export function matVec(a: ArrayLike<number>, x: ArrayLike<number>, out: Float64Array): void {
  for (let i = 0; i < N; i++) {
    let sum = 0;
    for (let j = 0; j < N; j++) sum += a[i * N + j] * x[j];
    out[i] = sum;
  }
}
