/**
 * ts_rank(vector, query) with the default weights and normalization 0, as PostgreSQL's tsrank.c
 * computes it (calc_rank_or / calc_rank_and), including its float4 roundings (Math.fround wherever
 * the C code stores or computes in `float`), so ties and order come out exactly as in SQL.
 *
 * A position is packed as PostgreSQL's WordEntryPos: weight (D=0 … A=3) in the top two bits of a
 * 16-bit word, the position (≤ 16383) below. An entry without positions (a stripped vector) is
 * given as an empty list and treated as tsrank.c's POSNULL.
 */
const WEIGHTS = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), Math.fround(1.0)];
const MAXENTRYPOS = 1 << 14;

export const weightOf = (packed: number) => WEIGHTS[packed >> 14]!;
export const positionOf = (packed: number) => packed & (MAXENTRYPOS - 1);

const DISTANCE = new Float64Array(101);
for (let d = 0; d <= 100; d++) DISTANCE[d] = Math.fround(1.0 / (1.005 + 0.05 * Math.exp(d / 1.5 - 2)));
const FAR = Math.fround(1e-30);
const wordDistance = (d: number) => (d > 100 ? FAR : DISTANCE[d]!);

/** One vector entry's share of calc_rank_or, before the sum over entries (the float `wjm + resj - …`). */
export function orContribution(positions: Uint16Array, start: number, count: number): number {
  if (count === 0) {
    // POSNULL in calc_rank_or: one position 0 of weight D.
    const w = WEIGHTS[0]!;
    return Math.fround(Math.fround(w + w) - w);
  }
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < count; j++) {
    const w = weightOf(positions[start + j]!);
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1))));
}

/** calc_rank_or's accumulation step: `res = res + X / 1.64493406685` (double, stored as float). */
export const addOr = (res: number, contribution: number) => Math.fround(res + contribution / 1.64493406685);

/** calc_rank_or's last step and calc_rank's floor. */
export function finishOr(res: number, uniqueItems: number): number {
  const r = uniqueItems > 0 ? Math.fround(res / uniqueItems) : res;
  return r < 0 ? Math.fround(1e-20) : r;
}

/**
 * calc_rank_and's inner loops for one entry of item i against the last entry seen of an earlier
 * item k: returns the updated `res` (−1 until the first pair).
 */
export function andPairs(res: number, positions: Uint16Array, aStart: number, aCount: number, bStart: number, bCount: number): number {
  const aNull = aCount === 0;
  const bNull = bCount === 0;
  const aN = aNull ? 1 : aCount;
  const bN = bNull ? 1 : bCount;
  for (let l = 0; l < aN; l++) {
    const a = aNull ? MAXENTRYPOS - 1 : positions[aStart + l]!;
    for (let p = 0; p < bN; p++) {
      const b = bNull ? MAXENTRYPOS - 1 : positions[bStart + p]!;
      let dist = Math.abs(positionOf(a) - positionOf(b));
      if (dist || aNull || bNull) {
        if (!dist) dist = MAXENTRYPOS;
        const curw = Math.fround(Math.sqrt(Math.fround(Math.fround(weightOf(a) * weightOf(b)) * wordDistance(dist))));
        res = res < 0 ? curw : Math.fround(1.0 - (1.0 - res) * (1.0 - curw));
      }
    }
  }
  return res;
}

/** calc_rank's floor for calc_rank_and's result. */
export const finishAnd = (res: number) => (res < 0 ? Math.fround(1e-20) : res);
