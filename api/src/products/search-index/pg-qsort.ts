/**
 * PostgreSQL's qsort_arg (src/include/lib/sort_template.h: Bentley–McIlroy quicksort, insertion
 * sort below 7 elements, a presorted check), step for step. ts_rank sorts a query's operands with
 * it and keeps the first of each run of equal strings, so which duplicate survives ('pen':* or
 * 'pen') depends on this exact algorithm: a stable sort would rank some documents differently.
 */
export function pgQsort<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  sortRange(items, 0, items.length, compare);
  return items;
}

function swap<T>(a: T[], i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

function swapN<T>(a: T[], i: number, j: number, n: number): void {
  for (let k = 0; k < n; k++) swap(a, i + k, j + k);
}

function med3<T>(a: T[], i: number, j: number, k: number, cmp: (a: T, b: T) => number): number {
  return cmp(a[i]!, a[j]!) < 0 ? (cmp(a[j]!, a[k]!) < 0 ? j : cmp(a[i]!, a[k]!) < 0 ? k : i) : cmp(a[j]!, a[k]!) > 0 ? j : cmp(a[i]!, a[k]!) < 0 ? i : k;
}

function sortRange<T>(a: T[], start: number, count: number, cmp: (a: T, b: T) => number): void {
  let lo = start;
  let n = count;
  for (;;) {
    if (n < 7) {
      for (let pm = lo + 1; pm < lo + n; pm++) for (let pl = pm; pl > lo && cmp(a[pl - 1]!, a[pl]!) > 0; pl--) swap(a, pl, pl - 1);
      return;
    }
    let presorted = true;
    for (let pm = lo + 1; pm < lo + n; pm++) {
      if (cmp(a[pm - 1]!, a[pm]!) > 0) {
        presorted = false;
        break;
      }
    }
    if (presorted) return;
    let pm = lo + Math.floor(n / 2);
    if (n > 7) {
      let pl = lo;
      let pn = lo + n - 1;
      if (n > 40) {
        const d = Math.floor(n / 8);
        pl = med3(a, pl, pl + d, pl + 2 * d, cmp);
        pm = med3(a, pm - d, pm, pm + d, cmp);
        pn = med3(a, pn - 2 * d, pn - d, pn, cmp);
      }
      pm = med3(a, pl, pm, pn, cmp);
    }
    swap(a, lo, pm);
    let pa = lo + 1;
    let pb = pa;
    let pc = lo + n - 1;
    let pd = pc;
    for (;;) {
      let r: number;
      while (pb <= pc && (r = cmp(a[pb]!, a[lo]!)) <= 0) {
        if (r === 0) swap(a, pa++, pb);
        pb++;
      }
      while (pb <= pc && (r = cmp(a[pc]!, a[lo]!)) >= 0) {
        if (r === 0) swap(a, pc, pd--);
        pc--;
      }
      if (pb > pc) break;
      swap(a, pb++, pc--);
    }
    const pn = lo + n;
    let d1 = Math.min(pa - lo, pb - pa);
    swapN(a, lo, pb - d1, d1);
    d1 = Math.min(pd - pc, pn - pd - 1);
    swapN(a, pb, pn - d1, d1);
    const left = pb - pa;
    const right = pd - pc;
    if (left <= right) {
      if (left > 1) sortRange(a, lo, left, cmp);
      if (right <= 1) return;
      lo = pn - right;
      n = right;
    } else {
      if (right > 1) sortRange(a, pn - right, right, cmp);
      if (left <= 1) return;
      n = left;
    }
  }
}

/** memcmp order of two strings' UTF-8 bytes (tsCompareString without prefix), for ASCII-safe lexemes. */
export function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
